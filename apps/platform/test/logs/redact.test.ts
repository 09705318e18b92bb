// The redaction every log entry passes through: secret-named keys, query-string values, JWTs, keys.
import { describe, expect, it } from 'vitest';
import { isSecretName, REDACTED, redactMetadata, redactText } from '../../src/data-plane/logs/redact.ts';

const JWT = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoiYW5vbiJ9.c2lnbmF0dXJlX2J5dGVz';

describe('isSecretName', () => {
  it('finds a secret word in snake, kebab, dotted and camel case names', () => {
    for (const name of ['apikey', 'Authorization', 'password', 'new_password', 'token', 'access_token', 'refreshToken', 'refresh_token',
      'provider_tokens', 'secret', 'jwt_secret', 'jwt', 'key', 'api_key', 'x-api-key', 'apiKey', 'service.key', 'cookie', 'set-cookie',
      'credentials', 'otp', 'client_secret']) {
      expect(isSecretName(name), name).toBe(true);
    }
  });

  it('leaves ordinary names alone, including ones that merely contain the letters', () => {
    for (const name of ['user_agent', 'x_client_info', 'path', 'search', 'status_code', 'role', 'actor_id', 'actor_username', 'log_type',
      'keyword', 'monkey', 'tokenizer', 'secretary', 'passwords_page', 'provider', 'method', 'origin_time']) {
      expect(isSecretName(name), name).toBe(false);
    }
  });
});

describe('redactText', () => {
  it('keeps query parameter names and drops the values of secret-named ones', () => {
    expect(redactText('?apikey=abc123&select=id,name&access_token=zzz')).toBe(`?apikey=${REDACTED}&select=id,name&access_token=${REDACTED}`);
    expect(redactText('token=t0k3n&limit=10')).toBe(`token=${REDACTED}&limit=10`);
    expect(redactText('GET /rest/v1/todos?api%5Fkey=x1&id=eq.5 200')).toBe(`GET /rest/v1/todos?api%5Fkey=${REDACTED}&id=eq.5 200`);
    expect(redactText('?id=eq.5&order=created_at.desc')).toBe('?id=eq.5&order=created_at.desc');
  });

  it('replaces JWTs wherever they are, with or without their dots', () => {
    expect(redactText(JWT)).toBe(REDACTED);
    expect(redactText(`role from ${JWT} was anon`)).toBe(`role from ${REDACTED} was anon`);
    expect(redactText('eyJyb2xlIjoiYW5vbiJ9')).toBe(REDACTED);
    expect(redactText(`?select=*&x=${JWT}`)).toBe(`?select=*&x=${REDACTED}`);
  });

  it('replaces Supabase-style keys, bearer credentials and URL passwords', () => {
    expect(redactText('key sb_secret_abcdefghijklmnop used')).toBe(`key ${REDACTED} used`);
    expect(redactText('sb_publishable_AbCdEf0123456789')).toBe(REDACTED);
    expect(redactText('sbp_0123456789abcdef0123456789abcdef01234567')).toBe(REDACTED);
    expect(redactText('Authorization: Bearer abc.def-ghi_jkl')).toBe(`Authorization: Bearer ${REDACTED}`);
    expect(redactText('postgres://app:hunter22@db.example:5432/app')).toBe(`postgres://app:${REDACTED}@db.example:5432/app`);
  });

  it('returns ordinary text unchanged', () => {
    for (const text of ['GET /rest/v1/todos 200', 'Mozilla/5.0 (X11; Linux x86_64)', 'relation "public.nope" does not exist', 'login']) {
      expect(redactText(text)).toBe(text);
    }
  });
});

describe('redactMetadata', () => {
  it('replaces the values of secret-named keys at any depth, whatever their type, and keeps null', () => {
    const metadata = {
      request: { headers: { authorization: `Bearer ${JWT}`, apikey: JWT, user_agent: 'supabase-js/2', cookie: 'sb=1' }, search: '?apikey=k&select=*' },
      password: 'hunter2',
      tokens: { access: 'a', refresh: 'r' },
      nested: [{ refresh_token: 'r0' }, { value: JWT }],
      api_key: null,
      status: 200,
    };
    expect(redactMetadata(metadata)).toEqual({
      request: { headers: { authorization: REDACTED, apikey: REDACTED, user_agent: 'supabase-js/2', cookie: REDACTED }, search: `?apikey=${REDACTED}&select=*` },
      password: REDACTED,
      tokens: REDACTED,
      nested: [{ refresh_token: REDACTED }, { value: REDACTED }],
      api_key: null,
      status: 200,
    });
  });
});
