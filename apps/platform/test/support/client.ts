import { AuthClient, type GoTrueClient } from '@supabase/auth-js';

/** A thin HTTP client for the platform API, as the studio uses it. */
export class ApiClient {
  constructor(
    readonly baseUrl: string,
    public token?: string,
  ) {}

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: T }> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...(this.token && { authorization: `Bearer ${this.token}` }),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: response.status, body: parsed as T };
  }

  get<T = any>(path: string) {
    return this.request<T>('GET', path);
  }
  post<T = any>(path: string, body?: unknown) {
    return this.request<T>('POST', path, body ?? {});
  }
  patch<T = any>(path: string, body: unknown) {
    return this.request<T>('PATCH', path, body);
  }
  put<T = any>(path: string, body: unknown) {
    return this.request<T>('PUT', path, body);
  }
  delete<T = any>(path: string, body?: unknown) {
    return this.request<T>('DELETE', path, body);
  }
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}.${Date.now().toString(36)}.${counter++}@example.com`;
}

/** Signs up through the platform's GoTrue-compatible /auth/v1 with the official client. */
export async function signUp(baseUrl: string, email = uniqueEmail(), password = 'correct-horse-battery'): Promise<{ api: ApiClient; email: string; userId: string; auth: GoTrueClient }> {
  const auth = new AuthClient({ url: `${baseUrl}/auth/v1`, autoRefreshToken: false, persistSession: false });
  const { data, error } = await auth.signUp({ email, password });
  if (error || !data.session) throw new Error(`sign-up failed: ${error?.message ?? 'no session'}`);
  return { api: new ApiClient(baseUrl, data.session.access_token), email, userId: data.user!.id, auth };
}

/** States a project does not leave by itself: reaching one that is not the awaited one is a failure. */
const FAILED_STATUSES = new Set(['UNKNOWN', 'RESTORATION_FAILED', 'REMOVED']);

/**
 * Waits until a project really is `status`, polling its status endpoint. Fails at once when the
 * project lands in a failed state, and otherwise gives it as long as a loaded machine may need: the
 * test's own time-out is the bound that matters, this deadline only names the project in the error.
 */
export async function waitForStatus(api: ApiClient, ref: string, status: string, timeoutMs = 110_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    const response = await api.get(`/api/platform/projects/${ref}/status`);
    last = JSON.stringify(response.body);
    if (response.body?.status === status) return;
    if (FAILED_STATUSES.has(response.body?.status) && !FAILED_STATUSES.has(status)) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`project ${ref} did not reach ${status}; last: ${last}`);
}
