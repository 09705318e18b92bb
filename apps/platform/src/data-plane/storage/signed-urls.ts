/**
 * Signed URLs, as storage-api makes them: a JWT signed with the project's secret (HS256) whose `url`
 * claim names `bucket/path`, carried as `?token=`. A download token allows reading that one object
 * until it expires; an upload token allows one upload to that path, as the user who asked for it.
 */
import { errors, jwtVerify, SignJWT } from 'jose';
import { StorageError } from './errors.ts';

export interface UploadGrant {
  owner: string | null;
  upsert: boolean;
}

const keyOf = (secret: string) => new TextEncoder().encode(secret);

/** `transformations` (image-transform.ts) makes it a token for /render/image/sign, which renders only those. */
export async function signDownload(secret: string, bucketId: string, name: string, expiresInSeconds: number, transformations?: string): Promise<string> {
  return new SignJWT({ url: `${bucketId}/${name}`, ...(transformations !== undefined && { transformations }) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + expiresInSeconds)
    .sign(keyOf(secret));
}

/** Upload tokens live two hours, as Supabase's do. */
const UPLOAD_TOKEN_SECONDS = 2 * 3600;

export async function signUpload(secret: string, bucketId: string, name: string, grant: UploadGrant): Promise<string> {
  return new SignJWT({ url: `${bucketId}/${name}`, owner: grant.owner, upsert: grant.upsert })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + UPLOAD_TOKEN_SECONDS)
    .sign(keyOf(secret));
}

async function verify(secret: string, token: string, bucketId: string, name: string): Promise<Record<string, unknown>> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: ['HS256'] });
    if (payload.url !== `${bucketId}/${name}`) throw new StorageError('InvalidSignature', 'The signature does not match this object');
    return payload;
  } catch (error) {
    if (error instanceof StorageError) throw error;
    if (error instanceof errors.JWTExpired) throw new StorageError('InvalidJWT', 'jwt expired');
    throw new StorageError('InvalidSignature');
  }
}

export async function verifyDownload(secret: string, token: string, bucketId: string, name: string): Promise<{ transformations: string | null; expiresAt: Date | null }> {
  const claims = await verify(secret, token, bucketId, name);
  if ('owner' in claims) throw new StorageError('InvalidSignature');
  return {
    transformations: typeof claims.transformations === 'string' ? claims.transformations : null,
    expiresAt: typeof claims.exp === 'number' ? new Date(claims.exp * 1000) : null,
  };
}

export async function verifyUpload(secret: string, token: string, bucketId: string, name: string): Promise<UploadGrant> {
  const claims = await verify(secret, token, bucketId, name);
  if (!('owner' in claims)) throw new StorageError('InvalidSignature');
  return { owner: typeof claims.owner === 'string' ? claims.owner : null, upsert: claims.upsert === true };
}
