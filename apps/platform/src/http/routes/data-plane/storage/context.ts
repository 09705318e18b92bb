/** What every storage route needs: the project's storage, the caller, and the helpers to read and answer requests. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PlinthError } from '@plinth/errors';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import type { ControlContext } from '../../../../control/context.ts';
import { spendCapFor } from '../../../../control/metering/spend-cap.ts';
import { projectDirectoryFor } from '../../../../data-plane/gateway/index.ts';
import type { StorageCaller } from '../../../../data-plane/storage/as-caller.ts';
import { StorageError } from '../../../../data-plane/storage/errors.ts';
import { projectImagesFor, projectStorageFor, type ProjectImages, type ProjectStorage } from '../../../../data-plane/storage/index.ts';
import { requestRoles } from '../request-info.ts';

/** JSON bodies of storage's own calls (lists, moves, signing) are small; uploads stream and have their own limits. */
const JSON_BODY_LIMIT = 1024 * 1024;

export interface StorageKit {
  storageOf(request: FastifyRequest): Promise<ProjectStorage>;
  /** The project's image transformations (/render/image, and signed URLs with a transform). */
  imagesOf(request: FastifyRequest): Promise<ProjectImages>;
  /** The request's caller from its apikey / Bearer token (a bad token is InvalidJWT). */
  callerOf(request: FastifyRequest): Promise<StorageCaller>;
  json<T>(request: FastifyRequest): Promise<T>;
  /** Refuses a download (UsageCapReached) once a capped organisation has used its plan's egress this cycle. */
  assertEgressAllowed(request: FastifyRequest): Promise<void>;
}

export function storageKit(ctx: ControlContext): StorageKit {
  const directory = projectDirectoryFor(ctx);
  const projectOf = async (request: FastifyRequest) => {
    const { ref } = request.params as { ref: string };
    return directory.cached(ref) ?? (await directory.resolve(ref));
  };
  return {
    storageOf: (request) => projectStorageFor(ctx, (request.params as { ref: string }).ref),
    imagesOf: (request) => projectImagesFor(ctx, (request.params as { ref: string }).ref),
    async callerOf(request) {
      const project = await projectOf(request);
      try {
        const caller = project.tokens.cachedCaller(request.headers) ?? (await project.tokens.caller(request.headers));
        requestRoles.set(request, caller.role);
        return caller;
      } catch (error) {
        throw new StorageError('InvalidJWT', error instanceof Error ? error.message : undefined);
      }
    },
    async assertEgressAllowed(request) {
      try {
        await spendCapFor(ctx).assertWithin((request.params as { ref: string }).ref, 'EGRESS');
      } catch (error) {
        if (error instanceof PlinthError && error.code === 'usage_cap_reached') throw new StorageError('UsageCapReached', error.message);
        throw error;
      }
    },
    async json<T>(request: FastifyRequest): Promise<T> {
      if (!request.body) return {} as T;
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of request.body as Readable) {
        size += (chunk as Buffer).length;
        if (size > JSON_BODY_LIMIT) throw new StorageError('InvalidRequest', 'The request body is too large');
        chunks.push(chunk as Buffer);
      }
      if (size === 0) return {} as T;
      try {
        const value: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        if (typeof value !== 'object' || value === null) throw new Error('not an object');
        return value as T;
      } catch {
        throw new StorageError('InvalidRequest', 'The request body is not valid JSON');
      }
    },
  };
}

/** The object's path inside its bucket: the route's wildcard, already URL-decoded by Fastify. */
export function objectPathOf(request: FastifyRequest): { bucketId: string; name: string } {
  const params = request.params as { bucket: string; '*': string };
  return { bucketId: params.bucket, name: params['*'] ?? '' };
}

export function sendError(reply: FastifyReply, error: StorageError): FastifyReply {
  return reply.status(error.httpStatus).type('application/json; charset=utf-8').send(error.toBody());
}

/** A JSON body or query checked against its schema; every issue named in one InvalidRequest. */
export function parseWith<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new StorageError('InvalidRequest', result.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; '));
  return result.data;
}
