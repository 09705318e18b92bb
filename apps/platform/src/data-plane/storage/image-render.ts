/**
 * One project's image transformations (/render/image): the plan allows them or not, the read is
 * allowed as for a download (caller, public bucket, signed token), and the source streams from the
 * object store through sharp. A signed URL keeps its transformations in its token, so the one who
 * holds it gets that rendering and no other.
 */
import { createHash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { OutputInfo } from 'sharp';
import { StorageError, toStorageError } from './errors.ts';
import {
  contentTypeOf, imageTransformer, MAX_SOURCE_BYTES, outputFormatOf, parseTransform, transformationsOf, transformFromString,
  type ImageTransform,
} from './image-transform.ts';
import type { ObjectRow } from './object-rows.ts';
import type { ProjectStorage, ReadAccess } from './service.ts';
import type { StorageCaller } from './as-caller.ts';
import * as signing from './signed-urls.ts';

export interface ImageProject {
  jwtSecret: string;
  /** The organisation's plan includes image transformations (every plan but Free). */
  imageTransformation: boolean;
}

export interface RenderedImage {
  row: ObjectRow;
  body: Readable;
  contentType: string;
  size: number;
  transformations: string;
  /** Weak: the source's ETag and the options that made it (sharp's bytes may vary by version). */
  etag: string;
  /** The result depends on the request's Accept header (no format was asked for). */
  negotiated: boolean;
  /** A signed URL's expiry: the result may be cached until then. */
  expiresAt: Date | null;
}

const TOO_LARGE = `The image exceeds the ${MAX_SOURCE_BYTES / 1024 / 1024} MB limit of image transformations`;

/** Fails the stream once more than `limit` bytes pass, in case the stored size was wrong. */
function sourceLimit(limit: number): Transform {
  let bytes = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(bytes > limit ? new StorageError('EntityTooLarge', TOO_LARGE) : null, chunk);
    },
  });
}

/** sharp's own errors say what is wrong with the source; ours (the size limit) pass as they are. */
function renderError(error: unknown): StorageError {
  if (error instanceof StorageError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return new StorageError('EntityTooLarge', 'The image exceeds the 50 megapixel limit of image transformations');
  return new StorageError('InvalidRequest', `The object could not be transformed as an image: ${message}`);
}

/** Unencoded, as storage-api returns it: supabase-js passes the URL through encodeURI. */
const pathOf = (bucketId: string, name: string) => `${bucketId}/${name}`;

export class ProjectImages {
  constructor(private readonly storage: ProjectStorage, private readonly project: ImageProject) {}

  /** As the caller or from a public bucket, with the request's own options. */
  async render(access: ReadAccess & { kind: 'caller' | 'public' }, bucketId: string, name: string, query: Record<string, unknown>, accept: string | undefined): Promise<RenderedImage> {
    this.assertEnabled();
    return this.renderWith(access, bucketId, name, parseTransform(query, 'querystring'), accept, null);
  }

  /** With a signed URL's token: the options are the token's, whatever the query says. */
  async renderSigned(token: string, bucketId: string, name: string, accept: string | undefined): Promise<RenderedImage> {
    this.assertEnabled();
    const grant = await signing.verifyDownload(this.project.jwtSecret, token, bucketId, name);
    return this.renderWith({ kind: 'signed', token }, bucketId, name, transformFromString(grant.transformations ?? ''), accept, grant.expiresAt);
  }

  /**
   * storage-api's signed URL for `transform` (POST /object/sign with a transform): relative to
   * /storage/v1. Without the feature the transform is left out, as storage-api does, and the URL
   * serves the original.
   */
  async signedUrl(caller: StorageCaller, bucketId: string, name: string, expiresIn: number, transform: Record<string, unknown>): Promise<string> {
    if (!this.project.imageTransformation) {
      return `/object/sign/${pathOf(bucketId, name)}?token=${await this.storage.signDownload(caller, bucketId, name, expiresIn)}`;
    }
    const transformations = transformationsOf(parseTransform(transform, 'body/transform'));
    await this.storage.info({ kind: 'caller', caller }, bucketId, name);
    const token = await signing.signDownload(this.project.jwtSecret, bucketId, name, expiresIn, transformations);
    return `/render/image/sign/${pathOf(bucketId, name)}?token=${token}`;
  }

  private assertEnabled(): void {
    if (!this.project.imageTransformation) {
      throw new StorageError('FeatureNotEnabled', 'Image transformations are not enabled on the Free plan: upgrade the organization to use them');
    }
  }

  private async renderWith(access: ReadAccess, bucketId: string, name: string, transform: ImageTransform, accept: string | undefined, expiresAt: Date | null): Promise<RenderedImage> {
    const format = outputFormatOf(transform, accept);
    const source = await this.storage.download(access, bucketId, name, null);
    if (source.object.size > MAX_SOURCE_BYTES) {
      source.body.destroy();
      throw new StorageError('EntityTooLarge', TOO_LARGE);
    }
    const image = imageTransformer(transform, format);
    // pipeline() destroys every stage on a failure, so the error (the store's, the limit's or sharp's) reaches `image`.
    let storeFailure: unknown = null;
    source.body.once('error', (error) => { storeFailure = error; });
    pipeline(source.body, sourceLimit(MAX_SOURCE_BYTES), image).catch(() => undefined);
    let written: OutputInfo;
    try {
      written = await new Promise<OutputInfo>((resolve, reject) => {
        image.once('info', resolve);
        image.once('error', reject);
        // sharp starts its work on the first read; read(0) asks for it without taking any bytes.
        image.read(0);
      });
    } catch (error) {
      throw storeFailure ? toStorageError(storeFailure) : renderError(error);
    }
    const transformations = transformationsOf({ ...transform, format });
    const contentType = contentTypeOf(format, written, source.row.metadata?.mimetype);
    const digest = createHash('sha256').update(`${source.row.metadata?.eTag ?? source.row.version}|${transformations}|${contentType}`).digest('base64url');
    return {
      row: source.row,
      body: image,
      contentType,
      size: written.size,
      transformations,
      etag: `W/"${digest.slice(0, 27)}"`,
      negotiated: transform.format === null,
      expiresAt,
    };
  }
}
