/** Where uploads go: the project's data plane, with the service key (as Supabase Studio does). */
export interface UploadTarget {
  /** The project URL, e.g. https://host/p/{ref}. */
  endpoint: string;
  serviceKey: string;
  bucketId: string;
}

export interface UploadRequest {
  path: string;
  body: Blob;
  contentType: string;
  upsert?: boolean;
  cacheControl: number;
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

/** Each segment encoded, the slashes kept: names may hold spaces, parentheses or '#'. */
function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

export function uploadUrl(target: UploadTarget, path: string): string {
  return `${target.endpoint.replace(/\/+$/, '')}/storage/v1/object/${encodeURIComponent(target.bucketId)}/${encodePath(path)}`;
}

/** The storage API's error body is {statusCode, error, message}; fall back to the status line. */
function uploadError(xhr: XMLHttpRequest): Error {
  try {
    const body = JSON.parse(xhr.responseText) as { message?: unknown; error?: unknown };
    const message = typeof body.message === 'string' ? body.message : typeof body.error === 'string' ? body.error : null;
    if (message) return new Error(message);
  } catch {
    // Not JSON.
  }
  return new Error(xhr.status ? `The server answered ${xhr.status} ${xhr.statusText}`.trim() : 'Could not reach the storage server');
}

/**
 * POST {endpoint}/storage/v1/object/{bucket}/{path} with the raw body. XMLHttpRequest rather than
 * fetch, because only it reports upload progress.
 */
export function uploadObject(target: UploadTarget, request: UploadRequest): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', uploadUrl(target, request.path));
    xhr.setRequestHeader('apikey', target.serviceKey);
    xhr.setRequestHeader('authorization', `Bearer ${target.serviceKey}`);
    xhr.setRequestHeader('x-upsert', request.upsert ? 'true' : 'false');
    xhr.setRequestHeader('cache-control', `max-age=${request.cacheControl}`);
    xhr.setRequestHeader('content-type', request.contentType || 'application/octet-stream');
    xhr.upload.onprogress = (event) => request.onProgress?.(event.loaded, event.lengthComputable ? event.total : request.body.size);
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(uploadError(xhr)));
    xhr.onerror = () => reject(uploadError(xhr));
    xhr.onabort = () => reject(new DOMException('The upload was aborted', 'AbortError'));
    request.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(request.body);
  });
}
