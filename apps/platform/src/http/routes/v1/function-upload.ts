/**
 * Reads a function deploy as the Supabase CLI sends it: multipart with a `metadata` field (JSON)
 * and `file` parts whose filenames are the files' paths. Files are read into memory up to the
 * plan's size for one function (a few MB); one byte more and the deploy is refused.
 */
import type { FastifyRequest } from 'fastify';
import { PlinthError } from '@plinth/errors';
import type { FunctionUpload } from '../../../control/edge-functions.ts';

const MAX_FILES = 1000;

export async function readFunctionUpload(request: FastifyRequest, maxBytes: number): Promise<FunctionUpload> {
  if (!request.isMultipart()) throw new PlinthError('function_invalid', 'A deploy is multipart/form-data: a metadata field and the source files.');
  const tooLarge = () => new PlinthError('function_too_large', `The function's files are larger than ${maxBytes / 1024 / 1024} MB, this project's plan's limit for one function.`);
  const upload: FunctionUpload = { metadata: undefined, files: [] };
  let total = 0;
  const parts = request.parts({ preservePath: true, limits: { fileSize: maxBytes + 1, files: MAX_FILES, fields: 20, fieldSize: 1024 * 1024 } });
  for await (const part of parts) {
    if (part.type === 'field') {
      if (part.fieldname !== 'metadata') continue;
      try {
        upload.metadata = JSON.parse(String(part.value));
      } catch {
        throw new PlinthError('function_invalid', 'The metadata field is not valid JSON.');
      }
      continue;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of part.file) {
      total += (chunk as Buffer).length;
      // Keep draining: an early throw would leave the rest of the body unread.
      if (total <= maxBytes) chunks.push(chunk as Buffer);
    }
    if (total > maxBytes || part.file.truncated) throw tooLarge();
    upload.files.push({ path: part.filename || part.fieldname, content: Buffer.concat(chunks) });
  }
  if (upload.metadata === undefined) throw new PlinthError('function_invalid', 'The deploy has no metadata field.');
  return upload;
}
