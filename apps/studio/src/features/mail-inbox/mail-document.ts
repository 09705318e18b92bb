/**
 * A caught email's HTML as an iframe document that cannot act: the iframe is sandboxed without
 * scripts (and without same-origin, so it cannot read the studio), and this policy also stops the
 * message loading scripts, frames or fonts from elsewhere. Images may load, as in a mail client.
 * Links open in a new tab rather than inside the frame.
 */
export const MAIL_CSP = "default-src 'none'; img-src * data: cid:; style-src 'unsafe-inline'; font-src data:; form-action 'none'; base-uri 'none'";

/** Allowed to the iframe: opening links in a new, normal tab. Never scripts, forms or same-origin. */
export const MAIL_SANDBOX = 'allow-popups allow-popups-to-escape-sandbox';

const PREAMBLE = `<meta http-equiv="Content-Security-Policy" content="${MAIL_CSP}"><base target="_blank">`;

/** The srcdoc for a message: the preamble first, so the parser puts it in the head whatever the message's markup. */
export function mailDocument(html: string): string {
  return `<!doctype html>${PREAMBLE}${html.replace(/^\s*<!doctype[^>]*>/i, '')}`;
}

/** Newest first, whatever order the messages came in. */
export function newestFirst<T extends { created_at: string }>(messages: readonly T[]): T[] {
  return [...messages].sort((a, b) => new Date(b.created_at).getTime() - new Date(a.created_at).getTime());
}
