/**
 * A small QR code encoder (ISO/IEC 18004): byte mode, error correction level M, versions 1-40,
 * rendered as SVG. Written for TOTP enrolment URIs so no QR dependency is needed.
 */

// Level M, indexed by version: error-correction codewords per block, and number of blocks.
const EC_PER_BLOCK = [0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28];
const EC_BLOCKS = [0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49];
const LEVEL_M_FORMAT_BITS = 0b00;

// GF(256) with the QR polynomial x^8 + x^4 + x^3 + x^2 + 1.
const EXP = new Uint8Array(512);
const LOG = new Uint8Array(256);
for (let i = 0, x = 1; i < 255; i++) {
  EXP[i] = x;
  LOG[x] = i;
  x <<= 1;
  if (x & 0x100) x ^= 0x11d;
}
for (let i = 255; i < 512; i++) EXP[i] = EXP[i - 255];
const gfMul = (a: number, b: number) => (a === 0 || b === 0 ? 0 : EXP[LOG[a] + LOG[b]]);

function rsRemainder(data: number[], degree: number): number[] {
  let generator = [1]; // highest power first; roots are alpha^0 .. alpha^(degree-1)
  for (let i = 0; i < degree; i++) {
    const next = new Array<number>(generator.length + 1).fill(0);
    generator.forEach((c, j) => {
      next[j] ^= c;
      next[j + 1] ^= gfMul(c, EXP[i]);
    });
    generator = next;
  }
  const rem = new Array<number>(degree).fill(0);
  for (const byte of data) {
    const factor = byte ^ (rem.shift() as number);
    rem.push(0);
    for (let j = 0; j < degree; j++) rem[j] ^= gfMul(generator[j + 1], factor);
  }
  return rem;
}

function alignmentPositions(version: number): number[] {
  if (version === 1) return [];
  const count = Math.floor(version / 7) + 2;
  const step = version === 32 ? 26 : Math.ceil((version * 4 + 4) / (count * 2 - 2)) * 2;
  const positions = [6];
  for (let pos = version * 4 + 10; positions.length < count; pos -= step) positions.splice(1, 0, pos);
  return positions;
}

function totalCodewords(version: number): number {
  let modules = (16 * version + 128) * version + 64;
  if (version >= 2) {
    const n = Math.floor(version / 7) + 2;
    modules -= (25 * n - 10) * n - 55;
    if (version >= 7) modules -= 36;
  }
  return Math.floor(modules / 8);
}

const dataCodewords = (v: number) => totalCodewords(v) - EC_BLOCKS[v] * EC_PER_BLOCK[v];

/** Data bits -> interleaved data + error-correction codewords for the smallest version that fits. */
function encode(bytes: Uint8Array): { version: number; codewords: number[] } {
  let version = 1;
  const bitsNeeded = (v: number) => 4 + (v < 10 ? 8 : 16) + bytes.length * 8;
  while (version <= 40 && bitsNeeded(version) > dataCodewords(version) * 8) version++;
  if (version > 40) throw new RangeError('Too much data for a QR code');
  const capacity = dataCodewords(version) * 8;
  const bits: number[] = [];
  const push = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  push(0b0100, 4); // byte mode
  push(bytes.length, version < 10 ? 8 : 16);
  bytes.forEach((b) => push(b, 8));
  push(0, Math.min(4, capacity - bits.length));
  push(0, (8 - (bits.length % 8)) % 8);
  for (let pad = 0xec; bits.length < capacity; pad ^= 0xec ^ 0x11) push(pad, 8);
  const data: number[] = [];
  for (let i = 0; i < bits.length; i += 8) data.push(bits.slice(i, i + 8).reduce((acc, bit) => (acc << 1) | bit, 0));

  const blockCount = EC_BLOCKS[version];
  const ecLength = EC_PER_BLOCK[version];
  const total = totalCodewords(version);
  const shortBlocks = blockCount - (total % blockCount);
  const shortDataLength = Math.floor(total / blockCount) - ecLength;
  const blocks: { data: number[]; ec: number[] }[] = [];
  for (let i = 0, offset = 0; i < blockCount; i++) {
    const length = shortDataLength + (i < shortBlocks ? 0 : 1);
    const blockData = data.slice(offset, offset + length);
    offset += length;
    blocks.push({ data: blockData, ec: rsRemainder(blockData, ecLength) });
  }
  const codewords: number[] = [];
  for (let i = 0; i <= shortDataLength; i++) for (const b of blocks) if (i < b.data.length) codewords.push(b.data[i]);
  for (let i = 0; i < ecLength; i++) for (const b of blocks) codewords.push(b.ec[i]);
  return { version, codewords };
}

const MASKS: ((x: number, y: number) => boolean)[] = [
  (x, y) => (x + y) % 2 === 0,
  (_x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

class Matrix {
  readonly dark: Uint8Array;
  readonly reserved: Uint8Array;
  constructor(readonly size: number) {
    this.dark = new Uint8Array(size * size);
    this.reserved = new Uint8Array(size * size);
  }
  get(x: number, y: number): boolean {
    return this.dark[y * this.size + x] === 1;
  }
  fixed(x: number, y: number, isDark: boolean): void {
    this.dark[y * this.size + x] = isDark ? 1 : 0;
    this.reserved[y * this.size + x] = 1;
  }
}

function drawFunctionPatterns(m: Matrix, version: number): void {
  const size = m.size;
  for (let i = 0; i < size; i++) {
    m.fixed(6, i, i % 2 === 0);
    m.fixed(i, 6, i % 2 === 0);
  }
  for (const [cx, cy] of [[3, 3], [size - 4, 3], [3, size - 4]]) {
    for (let dy = -4; dy <= 4; dy++) {
      for (let dx = -4; dx <= 4; dx++) {
        const x = cx + dx;
        const y = cy + dy;
        const ring = Math.max(Math.abs(dx), Math.abs(dy));
        if (x >= 0 && x < size && y >= 0 && y < size) m.fixed(x, y, ring !== 2 && ring !== 4);
      }
    }
  }
  const positions = alignmentPositions(version);
  const last = positions.length - 1;
  positions.forEach((cx, i) =>
    positions.forEach((cy, j) => {
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return; // finder corners
      for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) m.fixed(cx + dx, cy + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
    }),
  );
  drawFormat(m, 0); // reserves the format area; redrawn once the mask is chosen
  if (version >= 7) {
    let rem = version;
    for (let i = 0; i < 12; i++) rem = (rem << 1) ^ ((rem >>> 11) * 0x1f25);
    const bits = (version << 12) | rem;
    for (let i = 0; i < 18; i++) {
      const a = size - 11 + (i % 3);
      const b = Math.floor(i / 3);
      m.fixed(a, b, ((bits >>> i) & 1) === 1);
      m.fixed(b, a, ((bits >>> i) & 1) === 1);
    }
  }
}

function drawFormat(m: Matrix, mask: number): void {
  const data = (LEVEL_M_FORMAT_BITS << 3) | mask;
  let rem = data;
  for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
  const bits = ((data << 10) | rem) ^ 0x5412;
  const bit = (i: number) => ((bits >>> i) & 1) === 1;
  const size = m.size;
  for (let i = 0; i <= 5; i++) m.fixed(8, i, bit(i));
  m.fixed(8, 7, bit(6));
  m.fixed(8, 8, bit(7));
  m.fixed(7, 8, bit(8));
  for (let i = 9; i < 15; i++) m.fixed(14 - i, 8, bit(i));
  for (let i = 0; i < 8; i++) m.fixed(size - 1 - i, 8, bit(i));
  for (let i = 8; i < 15; i++) m.fixed(8, size - 15 + i, bit(i));
  m.fixed(8, size - 8, true); // the "dark module"
}

/** Places codewords in the two-column zigzag from the bottom-right corner, skipping function modules. */
function drawCodewords(m: Matrix, codewords: number[]): void {
  let bitIndex = 0;
  for (let right = m.size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5; // the vertical timing pattern column is skipped entirely
    const upward = ((right + 1) & 2) === 0;
    for (let vert = 0; vert < m.size; vert++) {
      const y = upward ? m.size - 1 - vert : vert;
      for (const x of [right, right - 1]) {
        if (m.reserved[y * m.size + x]) continue;
        const byte = codewords[bitIndex >>> 3];
        m.dark[y * m.size + x] = byte !== undefined && ((byte >>> (7 - (bitIndex & 7))) & 1) === 1 ? 1 : 0;
        bitIndex++;
      }
    }
  }
}

function applyMask(m: Matrix, mask: number): void {
  for (let y = 0; y < m.size; y++)
    for (let x = 0; x < m.size; x++) if (!m.reserved[y * m.size + x] && MASKS[mask](x, y)) m.dark[y * m.size + x] ^= 1;
}

/** The spec's penalty rules: long runs, 2x2 blocks, finder-like patterns, dark/light imbalance. */
function penalty(m: Matrix): number {
  const n = m.size;
  let score = 0;
  const finderLike = [1, 0, 1, 1, 1, 0, 1];
  for (const horizontal of [true, false]) {
    for (let a = 0; a < n; a++) {
      const line = Array.from({ length: n }, (_, b) => (horizontal ? m.get(b, a) : m.get(a, b)) ? 1 : 0);
      for (let b = 0, run = 1; b < n; b++) {
        run = b > 0 && line[b] === line[b - 1] ? run + 1 : 1;
        if (run === 5) score += 3;
        else if (run > 5) score += 1;
        if (b + 7 <= n && finderLike.every((v, k) => line[b + k] === v)) {
          const lightBefore = b >= 4 && line.slice(b - 4, b).every((v) => v === 0);
          const lightAfter = b + 11 <= n && line.slice(b + 7, b + 11).every((v) => v === 0);
          if (lightBefore || lightAfter) score += 40;
        }
      }
    }
  }
  let darkCount = 0;
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      if (m.get(x, y)) darkCount++;
      if (x < n - 1 && y < n - 1) {
        const c = m.get(x, y);
        if (c === m.get(x + 1, y) && c === m.get(x, y + 1) && c === m.get(x + 1, y + 1)) score += 3;
      }
    }
  }
  return score + Math.floor(Math.abs((darkCount * 100) / (n * n) - 50) / 5) * 10;
}

/** The module matrix (true = dark) of a QR code holding `text` as UTF-8. */
export function qrMatrix(text: string, forcedMask?: number): boolean[][] {
  const { version, codewords } = encode(new TextEncoder().encode(text));
  const m = new Matrix(version * 4 + 17);
  drawFunctionPatterns(m, version);
  drawCodewords(m, codewords);
  let best = { mask: 0, score: Infinity };
  for (let mask = 0; mask < 8; mask++) {
    applyMask(m, mask);
    drawFormat(m, mask);
    const score = penalty(m);
    if (score < best.score) best = { mask, score };
    applyMask(m, mask); // XOR again undoes it
  }
  const mask = forcedMask ?? best.mask; // forcing a mask lets tests compare with other encoders bit for bit
  applyMask(m, mask);
  drawFormat(m, mask);
  return Array.from({ length: m.size }, (_, y) => Array.from({ length: m.size }, (_, x) => m.get(x, y)));
}

/** SVG markup (no '#' characters, so it can sit in a `data:image/svg+xml;utf-8,` URI unescaped). */
export function qrSvg(text: string, moduleSize = 4): string {
  const matrix = qrMatrix(text);
  const quiet = 4;
  const size = matrix.length + quiet * 2;
  let path = '';
  matrix.forEach((row, y) => row.forEach((isDark, x) => {
    if (isDark) path += `M${x + quiet} ${y + quiet}h1v1h-1z`;
  }));
  const px = size * moduleSize;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="${px}" height="${px}" shape-rendering="crispEdges"><rect width="100%" height="100%" fill="white"/><path d="${path}" fill="black"/></svg>`;
}
