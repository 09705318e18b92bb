/**
 * API docs > User Management, without a server: every flow has a supabase-js and a curl snippet, both
 * parse (JavaScript by the engine, Bash by bash -n), the curl calls name the spec's endpoints, and
 * keys appear only where they should. api-docs-auth-flows.test.ts runs them against a project.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { authSnippetGroups } from '../src/features/api-docs/snippets/auth-snippets.ts';
import type { Snippet, SnippetContext } from '../src/features/api-docs/snippets/types.ts';

const run = promisify(execFile);
const hidden: SnippetContext = { url: 'http://localhost:8000/p/abcdefghijabcdefghij', anonKey: null, serviceKey: null, schema: 'public' };
const shown: SnippetContext = { ...hidden, anonKey: 'anon.jwt.key', serviceKey: 'service.jwt.key' };
const snippetsOf = (ctx: SnippetContext): Snippet[] => authSnippetGroups(ctx).flatMap((group) => group.snippets);

type AsyncFunctionConstructor = new (...args: string[]) => unknown;
const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as AsyncFunctionConstructor;

describe('User Management snippets', () => {
  it('cover every flow apps use, each with supabase-js', () => {
    const js = snippetsOf(hidden).map((snippet) => snippet.js).join('\n');
    for (const call of [
      'auth.signUp(', 'auth.signInWithPassword(', 'auth.signInWithOtp(', 'auth.verifyOtp(', 'auth.exchangeCodeForSession(', 'auth.signInAnonymously(',
      'auth.getUser(', 'auth.updateUser(', 'auth.resetPasswordForEmail(', 'auth.signOut(', 'auth.admin.inviteUserByEmail(', 'auth.signInWithOAuth(',
    ]) {
      expect(js).toContain(call);
    }
    expect(authSnippetGroups(hidden).map((group) => group.title)).toEqual([
      'User signup', 'Log in', 'Log in with an email OTP', 'Server-side auth with PKCE', 'Anonymous sign-ins', 'Log in with a third-party provider', 'User',
      'Send a User an Invite over Email',
    ]);
  });

  it('have unique anchors, all of kind auth', () => {
    const snippets = snippetsOf(hidden);
    expect(new Set(snippets.map((snippet) => snippet.id)).size).toBe(snippets.length);
    expect(snippets.every((snippet) => snippet.kind === 'auth' && snippet.bash !== null)).toBe(true);
  });

  it('call the endpoints the docs name (spec document 2), plus PKCE and OAuth', () => {
    const endpoints = snippetsOf(hidden).map((snippet) => {
      const [, method = 'GET', address] = /curl (?:-X (\w+) |-i )?'([^']+)'/.exec(snippet.bash!) ?? [];
      const url = new URL(address);
      // The grant type is part of the endpoint's name; other query parameters are arguments.
      const grant = url.searchParams.get('grant_type');
      return `${method} ${url.pathname.slice('/p/abcdefghijabcdefghij'.length)}${grant ? `?grant_type=${grant}` : ''}`;
    });
    expect(new Set(endpoints)).toEqual(
      new Set([
        'POST /auth/v1/signup', 'POST /auth/v1/token?grant_type=password', 'POST /auth/v1/magiclink', 'POST /auth/v1/otp', 'POST /auth/v1/verify',
        'GET /auth/v1/user', 'PUT /auth/v1/user', 'POST /auth/v1/recover', 'POST /auth/v1/logout', 'POST /auth/v1/invite',
        'POST /auth/v1/token?grant_type=pkce', 'GET /auth/v1/authorize',
      ]),
    );
  });

  it('parse as JavaScript and as Bash', async () => {
    for (const snippet of snippetsOf(shown)) {
      expect(() => new AsyncFunction('supabase', 'location', snippet.js), snippet.id).not.toThrow();
      await expect(run('bash', ['-n', '-c', snippet.bash!]), snippet.id).resolves.toBeDefined();
    }
  });

  it('show the client key only, except the invite, which needs the service key', () => {
    for (const snippet of snippetsOf(shown)) {
      expect(snippet.bash).toContain(snippet.id === 'invite-user' ? 'service.jwt.key' : 'anon.jwt.key');
      if (snippet.id !== 'invite-user') expect(snippet.bash).not.toContain('service.jwt.key');
    }
    for (const snippet of snippetsOf(hidden)) {
      expect(snippet.bash).toMatch(snippet.id === 'invite-user' ? /\$SERVICE_KEY/ : /\$SUPABASE_KEY/);
    }
  });

  it('make a PKCE pair with openssl that matches RFC 7636', async () => {
    const pkce = snippetsOf(hidden).find((snippet) => snippet.id === 'pkce-sign-in')!;
    const pair = pkce.bash!.split('\n').slice(0, 2).join('\n');
    const { stdout } = await run('bash', ['-c', `${pair}\necho "$CODE_VERIFIER $CODE_CHALLENGE"`]);
    const [verifier, challenge] = stdout.trim().split(' ');
    const { createHash } = await import('node:crypto');
    expect(verifier).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge).toBe(createHash('sha256').update(verifier).digest('base64url'));
    // The challenge reaches the body: bash expands it inside the double-quoted JSON.
    const { stdout: body } = await run('bash', ['-c', `curl() { for a in "$@"; do echo "$a"; done; }\n${pkce.bash!}`]);
    expect(body).toContain(`{ "email": "someone@email.com", "code_challenge": "${body.match(/"code_challenge": "([^"]+)"/)![1]}", "code_challenge_method": "s256" }`);
    expect(body).not.toContain('$CODE_CHALLENGE');
  });
});
