/** What the User Management snippets share: example values and the shape of a curl call to /auth/v1. */
import { bashKey, curl, jsonInline, shellQuote, type Example } from './format.ts';
import type { Snippet, SnippetContext } from './types.ts';

export const EMAIL = 'someone@email.com';
export const PASSWORD = 'some-secure-password';
export const PHONE = '+13334445555';
/** Stands for the six-digit code from the email or SMS. */
export const EXAMPLE_OTP = '123456';
/** Where links send the user back to: GoTrue's default site URL, allowed on a fresh project. */
export const REDIRECT_URL = 'http://localhost:3000/auth/callback';

export const USER_TOKEN_NOTE = "USER_TOKEN is the access_token of the signed-in user's session.";

export function authUrl(ctx: SnippetContext, path: string): string {
  return `${ctx.url}/auth/v1/${path}`;
}

export function anonHeader(ctx: SnippetContext): string {
  return `-H "apikey: ${bashKey(ctx, 'anon')}"`;
}

/** A POST with a literal JSON body, as the client API key. */
export function post(ctx: SnippetContext, path: string, body: Example, headers: string[] = [anonHeader(ctx)]): string {
  return curl([`curl -X POST ${shellQuote(authUrl(ctx, path))}`, ...headers, '-H "Content-Type: application/json"', `-d ${shellQuote(jsonInline(body))}`]);
}

/**
 * A POST whose JSON body reads shell variables ($CODE_CHALLENGE, ...): double-quoted so bash expands
 * them. Values must not hold double quotes or backslashes; the example values do not.
 */
export function postWithVariables(ctx: SnippetContext, path: string, fields: Record<string, string>): string {
  const json = `{ ${Object.entries(fields).map(([key, value]) => `\\"${key}\\": \\"${value}\\"`).join(', ')} }`;
  return curl([`curl -X POST ${shellQuote(authUrl(ctx, path))}`, anonHeader(ctx), '-H "Content-Type: application/json"', `-d "${json}"`]);
}

/** Headers of a call made as the signed-in user. */
export function asUser(ctx: SnippetContext): string[] {
  return [anonHeader(ctx), '-H "Authorization: Bearer $USER_TOKEN"'];
}

export function auth(id: string, title: string, js: string, bash: string, description?: string): Snippet {
  return { id, title, description, js, bash, kind: 'auth' };
}
