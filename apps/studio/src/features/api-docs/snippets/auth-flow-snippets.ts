/**
 * User Management's passwordless and delegated flows: email OTP, PKCE (the default of @supabase/ssr),
 * anonymous sign-ins and OAuth providers.
 */
import { curl, jsonInline, shellQuote } from './format.ts';
import { anonHeader, asUser, auth, authUrl, EMAIL, EXAMPLE_OTP, post, postWithVariables, REDIRECT_URL, USER_TOKEN_NOTE } from './auth-requests.ts';
import type { SnippetContext, SnippetGroup } from './types.ts';

/** A PKCE pair made with openssl, as RFC 7636 asks: a random verifier and its base64url SHA-256. */
const PKCE_PAIR = [
  'CODE_VERIFIER=$(openssl rand -hex 32)',
  'CODE_CHALLENGE=$(printf %s "$CODE_VERIFIER" | openssl dgst -sha256 -binary | openssl base64 | tr "+/" "-_" | tr -d "=")',
].join('\n');

export function emailOtpGroup(ctx: SnippetContext): SnippetGroup {
  return {
    id: 'email-otp',
    title: 'Log in with an email OTP',
    description: 'The email carries a six-digit code as well as the link: the user types the code into your app instead of following the link.',
    snippets: [
      auth(
        'send-email-otp',
        'Send a code by email',
        `let { data, error } = await supabase.auth.signInWithOtp({\n  email: '${EMAIL}',\n  options: { shouldCreateUser: true }\n})`,
        post(ctx, 'otp', { email: EMAIL, create_user: true }),
        'shouldCreateUser: false only signs in existing users.',
      ),
      auth(
        'verify-email-otp',
        'Verify the code',
        `let { data, error } = await supabase.auth.verifyOtp({\n  email: '${EMAIL}',\n  token: '${EXAMPLE_OTP}',\n  type: 'email'\n})`,
        post(ctx, 'verify', { type: 'email', email: EMAIL, token: EXAMPLE_OTP }),
        'A valid code signs the user in and returns the session; each code works once.',
      ),
    ],
  };
}

export function pkceGroup(ctx: SnippetContext): SnippetGroup {
  return {
    id: 'pkce',
    title: 'Server-side auth with PKCE',
    description:
      'With the PKCE flow (the default of @supabase/ssr, or createClient(url, key, { auth: { flowType: \'pkce\' } })) links carry a one-time code instead of tokens. ' +
      'The client that asked for the link keeps a code verifier, and trades code and verifier for the session.',
    snippets: [
      auth(
        'pkce-sign-in',
        'Send a magic link with a code challenge',
        `let { data, error } = await supabase.auth.signInWithOtp({\n  email: '${EMAIL}',\n  options: { emailRedirectTo: '${REDIRECT_URL}' }\n})`,
        `${PKCE_PAIR}\n${postWithVariables(ctx, 'otp', { email: EMAIL, code_challenge: '$CODE_CHALLENGE', code_challenge_method: 's256' })}`,
        'The link signs the user in on your redirect URL with ?code= added.',
      ),
      auth(
        'pkce-exchange',
        'Exchange the code for a session',
        `// On the page the link opens, with the same client (it holds the code verifier)\nconst code = new URL(location.href).searchParams.get('code')\nconst { data, error } = await supabase.auth.exchangeCodeForSession(code)`,
        postWithVariables(ctx, 'token?grant_type=pkce', { auth_code: '$AUTH_CODE', code_verifier: '$CODE_VERIFIER' }),
        'AUTH_CODE is the code from the redirect URL; CODE_VERIFIER is the one made for the request above.',
      ),
    ],
  };
}

export function anonymousGroup(ctx: SnippetContext): SnippetGroup {
  return {
    id: 'anonymous',
    title: 'Anonymous sign-ins',
    description: 'Anonymous sign-ins are off by default: allow them in Authentication > Providers. An anonymous user gets the authenticated role with is_anonymous in the JWT.',
    snippets: [
      auth('anonymous-sign-in', 'Sign in anonymously', 'let { data, error } = await supabase.auth.signInAnonymously()', post(ctx, 'signup', {})),
      auth(
        'anonymous-convert',
        'Make an anonymous user permanent',
        `// Signed in as the anonymous user: add an email, confirmed by a link\nlet { data, error } = await supabase.auth.updateUser({\n  email: 'valid.email@supabase.io'\n})`,
        curl([`curl -X PUT ${shellQuote(authUrl(ctx, 'user'))}`, ...asUser(ctx), '-H "Content-Type: application/json"', `-d ${shellQuote(jsonInline({ email: 'valid.email@supabase.io' }))}`]),
        USER_TOKEN_NOTE,
      ),
    ],
  };
}

export function oauthGroup(ctx: SnippetContext): SnippetGroup {
  const authorize = `${authUrl(ctx, 'authorize')}?provider=github&redirect_to=${encodeURIComponent(REDIRECT_URL)}`;
  return {
    id: 'oauth',
    title: 'Log in with a third-party provider',
    description: 'Enable the provider in Authentication > Providers first. The browser goes to the provider, then back to your redirect URL signed in.',
    snippets: [
      auth(
        'oauth-sign-in',
        'Log in with OAuth',
        `let { data, error } = await supabase.auth.signInWithOAuth({\n  provider: 'github',\n  options: { redirectTo: '${REDIRECT_URL}' }\n})`,
        curl([`curl -i ${shellQuote(authorize)}`, anonHeader(ctx)]),
        'In a browser the page moves to the provider; elsewhere data.url is where to send the user. Any enabled provider works the same way.',
      ),
    ],
  };
}
