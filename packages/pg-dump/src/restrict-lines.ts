/**
 * pg_dump 18 frames its output with psql meta-commands, `\restrict KEY` and `\unrestrict KEY` lines,
 * which no server accepts; pglite-tools strips them from the dump string it returns. The dump is a
 * stream here, so they are stripped line by line on the bytes: only whole lines are looked at, the
 * part after the last newline waits for the next chunk. Only lines with the key of the first
 * `\restrict` line go (pg_dump's key is random), so a multi-line text value with a line that
 * happens to start with `\restrict` stays as it is.
 */
const RESTRICT_LINE = /^\\(un)?restrict (\S+)\r?\n?$/;
const NEWLINE = 0x0a;
const BACKSLASH = 0x5c;

export interface LineFilter {
  /** The bytes of `chunk` that can be passed on now (whole lines, restrict lines removed). */
  write(chunk: Buffer): Buffer;
  /** What was held back, at the end of the stream. */
  end(): Buffer;
}

export function withoutRestrictLines(): LineFilter {
  let key: string | null = null;
  const isRestrictLine = (line: Buffer): boolean => {
    if (line[0] !== BACKSLASH || line.length > 200) return false;
    const match = RESTRICT_LINE.exec(line.toString('latin1'));
    if (!match) return false;
    if (key === null && match[1] === undefined) key = match[2];
    return match[2] === key;
  };
  let held: Buffer[] = []; // the current line's bytes so far (a line of a big value may span many chunks)
  const filter = (lines: Buffer): Buffer => { // `lines` starts at a line's start
    // Most chunks have no line starting with a backslash: passed on as they are.
    if (lines[0] !== BACKSLASH && lines.indexOf('\n\\') === -1) return lines;
    const kept: Buffer[] = [];
    let start = 0;
    while (start < lines.length) {
      const newline = lines.indexOf(NEWLINE, start);
      const end = newline === -1 ? lines.length : newline + 1;
      const line = lines.subarray(start, end);
      if (!isRestrictLine(line)) kept.push(line);
      start = end;
    }
    return Buffer.concat(kept);
  };
  return {
    write(chunk) {
      const lastNewline = chunk.lastIndexOf(NEWLINE);
      if (lastNewline === -1) {
        held.push(chunk);
        return Buffer.alloc(0);
      }
      const lines = Buffer.concat([...held, chunk.subarray(0, lastNewline + 1)]);
      held = lastNewline + 1 < chunk.length ? [chunk.subarray(lastNewline + 1)] : [];
      return filter(lines);
    },
    end() {
      const rest = Buffer.concat(held);
      held = [];
      return rest.length > 0 ? filter(rest) : rest;
    },
  };
}
