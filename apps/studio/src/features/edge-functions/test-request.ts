/** The test panel's form and the functionTest body it becomes (pure: no I/O). */
import type { FunctionTestBody, FunctionTestResult } from '@plinth/api-contract';

export const TEST_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'] as const;
export type TestMethod = (typeof TEST_METHODS)[number];
export type TestRole = FunctionTestBody['role'];
export type BodyKind = 'json' | 'text';

export interface HeaderRow {
  id: number;
  name: string;
  value: string;
}

export interface TestForm {
  method: TestMethod;
  path: string;
  headers: HeaderRow[];
  bodyKind: BodyKind;
  body: string;
  role: TestRole;
  userId: string;
}

export const INITIAL_TEST_FORM: TestForm = {
  method: 'POST',
  path: '',
  headers: [],
  bodyKind: 'json',
  body: '{\n  "name": "Functions"\n}',
  role: 'anon',
  userId: '',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PATH = /^(\/[^\s]*)?(\?[^\s]*)?$/;

export function methodHasBody(method: TestMethod): boolean {
  return method !== 'GET' && method !== 'HEAD';
}

/** The form's problem, shown beside the Send button, or null when it can be sent. */
export function testFormProblem(form: TestForm): string | null {
  if (!PATH.test(form.path.trim())) return 'The path after the function name starts with / (or ? for a query string alone), without spaces.';
  if (form.role === 'authenticated' && form.userId && !UUID.test(form.userId.trim())) return 'The user ID is not a UUID.';
  if (form.headers.some((row) => row.value && !row.name.trim())) return 'Every header with a value needs a name.';
  if (methodHasBody(form.method) && form.bodyKind === 'json' && form.body.trim()) {
    try {
      JSON.parse(form.body);
    } catch (error) {
      return `The body is not valid JSON: ${(error as Error).message}`;
    }
  }
  return null;
}

/** The request the relay makes: a JSON or text body gets its Content-Type unless one was given. */
export function testBodyOf(form: TestForm): FunctionTestBody {
  const headers: Record<string, string> = {};
  for (const row of form.headers) if (row.name.trim()) headers[row.name.trim()] = row.value;
  const hasBody = methodHasBody(form.method) && form.body.length > 0;
  const hasContentType = Object.keys(headers).some((name) => name.toLowerCase() === 'content-type');
  if (hasBody && !hasContentType) headers['Content-Type'] = form.bodyKind === 'json' ? 'application/json' : 'text/plain; charset=utf-8';
  return {
    method: form.method,
    path: form.path.trim(),
    headers,
    body: hasBody ? form.body : undefined,
    role: form.role,
    user_id: form.role === 'authenticated' && form.userId.trim() ? form.userId.trim() : undefined,
  };
}

/** The response body as the panel shows it: pretty JSON when it is JSON, text as is, else its base64. */
export function displayBodyOf(result: FunctionTestResult): { text: string; kind: 'json' | 'text' | 'binary' } {
  if (result.body_encoding === 'base64') return { text: result.body, kind: 'binary' };
  const contentType = Object.entries(result.headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '';
  const looksJson = /json/i.test(contentType) || /^\s*[[{]/.test(result.body);
  if (looksJson && !result.is_truncated) {
    try {
      return { text: JSON.stringify(JSON.parse(result.body), null, 2), kind: 'json' };
    } catch {
      // Not JSON after all: shown as the text it is.
    }
  }
  return { text: result.body, kind: 'text' };
}
