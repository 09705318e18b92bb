// Moving a big file, through HTTP and straight on the disk, in the same way on both sides: fs
// streams with their default 64 KB chunks, a write ends with an fsync (as the platform's file store
// does), a read goes to /dev/null. node:http rather than fetch: less client CPU on a 2-core machine.
import { execFileSync } from 'node:child_process';
import { randomFill } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, readdir } from 'node:fs/promises';
import http from 'node:http';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';

const fill = promisify(randomFill);
const CHUNK = 1024 * 1024;

/** `bytes` of random data in `path`, flushed to the disk. */
export async function writeRandomFile(path: string, bytes: number): Promise<void> {
  const file = await open(path, 'w');
  try {
    const chunk = Buffer.alloc(CHUNK);
    for (let written = 0; written < bytes; written += CHUNK) {
      await fill(chunk);
      await file.write(chunk, 0, Math.min(CHUNK, bytes - written));
    }
    await file.sync();
  } finally {
    await file.close();
  }
}

async function filesUnder(path: string): Promise<string[]> {
  const entries = await readdir(path, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Drops the files under `paths` (files or directories) from the page cache, so the next read comes
 * from the disk: sync first (dirty pages cannot be dropped), then GNU dd's nocache, which asks the
 * kernel to forget the file's cached pages (posix_fadvise DONTNEED) without reading anything.
 */
export async function evictFromCache(paths: string[]): Promise<void> {
  execFileSync('sync');
  for (const path of paths) {
    const files = await filesUnder(path).catch(() => [path]);
    for (const file of files) execFileSync('dd', [`if=${file}`, 'iflag=nocache', 'count=0', 'status=none']);
  }
}

/** Writes out every dirty page of the machine, so one measurement's writeback is not the next one's cost. */
export function settleDisk(): void {
  execFileSync('sync');
}

export async function timedMs(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

/** The raw side of an upload: the file copied with fs streams to `target`, fsync'd before close. */
export async function copyToDisk(source: string, target: string): Promise<void> {
  await pipeline(createReadStream(source), createWriteStream(target, { flush: true }));
}

/** Streams `from` into /dev/null; fails unless exactly `expected` bytes came. */
export async function toDevNull(from: NodeJS.ReadableStream, expected: number): Promise<void> {
  const sink = createWriteStream('/dev/null');
  await pipeline(from, sink);
  if (sink.bytesWritten !== expected) throw new Error(`read ${sink.bytesWritten} bytes, expected ${expected}`);
}

/** The raw side of a download: the file read with fs streams into /dev/null. */
export async function readFromDisk(path: string, size: number): Promise<void> {
  await toDevNull(createReadStream(path), size);
}

function answerOf(response: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => { body += chunk; });
    response.on('end', () => resolve(body));
    response.on('error', reject);
  });
}

/** POSTs the file as a raw body with its Content-Length, streamed from the disk; resolves with the JSON answer. */
export function uploadOverHttp(url: string, headers: Record<string, string>, source: string, size: number): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/octet-stream', 'content-length': String(size) },
    }, (response) => {
      answerOf(response).then((body) => {
        if (response.statusCode === 200) resolve(JSON.parse(body));
        else reject(new Error(`upload answered ${response.statusCode}: ${body}`));
      }, reject);
    });
    request.on('error', reject);
    pipeline(createReadStream(source), request).catch(reject);
  });
}

/** GETs `url` into /dev/null; fails unless it answers 200 with `size` bytes. */
export function downloadOverHttp(url: string, headers: Record<string, string>, size: number): Promise<void> {
  return new Promise((resolve, reject) => {
    http.get(url, { headers }, (response) => {
      if (response.statusCode !== 200) {
        answerOf(response).then((body) => reject(new Error(`download answered ${response.statusCode}: ${body}`)), reject);
        return;
      }
      toDevNull(response, size).then(resolve, reject);
    }).on('error', reject);
  });
}
