/** User Management: the project's /auth/v1 calls (spec §7), with supabase-js and with curl. */
import { bashKey, curl, jsonInline, shellQuote, type Example } from './format.ts';
import type { Snippet, SnippetContext, SnippetGroup } from './types.ts';

const EMAIL = 'someone@email.com';
const PASSWORD = 'some-secure-password';
const PHONE = '+13334445555';

function post(ctx: SnippetContext, path: string, body: Example, headers: string[] = [`-H "apikey: ${bashKey(ctx, 'anon')}"`]): string {
  return curl([`curl -X POST ${shellQuote(`${ctx.url}/auth/v1/${path}`)}`, ...headers, '-H "Content-Type: application/json"', `-d ${shellQuote(jsonInline(body))}`]);
}

function asUser(ctx: SnippetContext): string[] {
  return [`-H "apikey: ${bashKey(ctx, 'anon')}"`, '-H "Authorization: Bearer $USER_TOKEN"'];
}

function auth(id: string, title: string, js: string, bash: string, description?: string): Snippet {
  return { id, title, description, js, bash, kind: 'auth' };
}

export function authSnippetGroups(ctx: SnippetContext): SnippetGroup[] {
  const userToken = 'USER_TOKEN is the access_token of the signed-in user\'s session.';
  return [
    {
      id: 'sign-up',
      title: 'User signup',
      description: 'Creates a user. Depending on the project\'s settings the user is signed in at once or first confirms the email address.',
      snippets: [
        auth('user-signup', 'Sign up with email', `let { data, error } = await supabase.auth.signUp({\n  email: '${EMAIL}',\n  password: '${PASSWORD}'\n})`, post(ctx, 'signup', { email: EMAIL, password: PASSWORD })),
        auth('phone-signup', 'Sign up with Phone/Password', `let { data, error } = await supabase.auth.signUp({\n  phone: '${PHONE}',\n  password: '${PASSWORD}'\n})`, post(ctx, 'signup', { phone: PHONE, password: PASSWORD })),
      ],
    },
    {
      id: 'log-in',
      title: 'Log in',
      description: 'Signs a user in and returns a session: the access token for requests, and a refresh token.',
      snippets: [
        auth('login-password', 'Log in with Email/Password', `let { data, error } = await supabase.auth.signInWithPassword({\n  email: '${EMAIL}',\n  password: '${PASSWORD}'\n})`, post(ctx, 'token?grant_type=password', { email: EMAIL, password: PASSWORD })),
        auth('login-magic-link', 'Log in with Magic Link via Email', `let { data, error } = await supabase.auth.signInWithOtp({\n  email: '${EMAIL}'\n})`, post(ctx, 'magiclink', { email: EMAIL })),
        auth('login-sms-otp', 'Login via SMS OTP', `let { data, error } = await supabase.auth.signInWithOtp({\n  phone: '${PHONE}'\n})`, post(ctx, 'otp', { phone: PHONE })),
        auth('verify-sms-otp', 'Verify an SMS OTP', `let { data, error } = await supabase.auth.verifyOtp({\n  phone: '${PHONE}',\n  token: '123456',\n  type: 'sms'\n})`, post(ctx, 'verify', { type: 'sms', phone: PHONE, token: '123456' }), 'The code the user received by SMS signs them in.'),
      ],
    },
    {
      id: 'user',
      title: 'User',
      snippets: [
        auth('get-user', 'Get User', 'const { data: { user } } = await supabase.auth.getUser()', curl([`curl ${shellQuote(`${ctx.url}/auth/v1/user`)}`, ...asUser(ctx)]), userToken),
        auth('forgot-password', 'Forgot password / email', `let { data, error } = await supabase.auth.resetPasswordForEmail('${EMAIL}')`, post(ctx, 'recover', { email: EMAIL }), 'Sends a password recovery link to the address.'),
        auth(
          'update-user',
          'Update User',
          `const { data, error } = await supabase.auth.updateUser({\n  email: 'new@email.com',\n  password: 'new-password',\n  data: { hello: 'world' }\n})`,
          curl([`curl -X PUT ${shellQuote(`${ctx.url}/auth/v1/user`)}`, ...asUser(ctx), '-H "Content-Type: application/json"', `-d ${shellQuote(jsonInline({ email: 'new@email.com', password: 'new-password', data: { hello: 'world' } }))}`]),
          userToken,
        ),
        auth('log-out', 'Log out', 'let { error } = await supabase.auth.signOut()', curl([`curl -X POST ${shellQuote(`${ctx.url}/auth/v1/logout`)}`, ...asUser(ctx)]), userToken),
      ],
    },
    {
      id: 'invite',
      title: 'Send a User an Invite over Email',
      description: 'Needs the service key: call it from a server, never from a browser.',
      snippets: [
        auth(
          'invite-user',
          'Invite a user',
          `// A client created with the service key\nlet { data, error } = await supabase.auth.admin.inviteUserByEmail('${EMAIL}')`,
          post(ctx, 'invite', { email: EMAIL }, [`-H "apikey: ${bashKey(ctx, 'service')}"`, `-H "Authorization: Bearer ${bashKey(ctx, 'service')}"`]),
        ),
      ],
    },
  ];
}
