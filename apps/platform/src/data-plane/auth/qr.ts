import QRCode from 'qrcode';

/**
 * The otpauth URI as an SVG QR code (the `qrcode` package, error correction M). Colours are named:
 * auth-js puts the SVG in a `data:image/svg+xml;utf-8,` URL, where a `#` would end the data.
 */
export async function qrSvg(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return svg.replace(/#000000/gi, 'black').replace(/#ffffff/gi, 'white').trim();
}
