/** User Management: the project's /auth/v1 calls (spec §7), with supabase-js and with curl. */
import { bashKey, curl, jsonInline, shellQuote } from './format.ts';
import { anonymousGroup, emailOtpGroup, oauthGroup, pkceGroup } from './auth-flow-snippets.ts';
import { asUser, auth, authUrl, EMAIL, EXAMPLE_OTP, PASSWORD, PHONE, post, REDIRECT_URL, USER_TOKEN_NOTE } from './auth-requests.ts';
import type { SnippetContext, SnippetGroup } from './types.ts';

export function authSnippetGroups(ctx: SnippetContext): SnippetGroup[] {
  const service = [`-H "apikey: ${bashKey(ctx, 'service')}"`, `-H "Authorization: Bearer ${bashKey(ctx, 'service')}"`];
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
        auth(
          'login-magic-link',
          'Log in with Magic Link via Email',
          `let { data, error } = await supabase.auth.signInWithOtp({\n  email: '${EMAIL}',\n  options: { emailRedirectTo: '${REDIRECT_URL}' }\n})`,
          post(ctx, 'magiclink', { email: EMAIL }),
          'Sends an email with a link that signs the user in (and signs them up if the address is new).',
        ),
        auth('login-sms-otp', 'Login via SMS OTP', `let { data, error } = await supabase.auth.signInWithOtp({\n  phone: '${PHONE}'\n})`, post(ctx, 'otp', { phone: PHONE })),
        auth('verify-sms-otp', 'Verify an SMS OTP', `let { data, error } = await supabase.auth.verifyOtp({\n  phone: '${PHONE}',\n  token: '${EXAMPLE_OTP}',\n  type: 'sms'\n})`, post(ctx, 'verify', { type: 'sms', phone: PHONE, token: EXAMPLE_OTP }), 'The code the user received by SMS signs them in.'),
      ],
    },
    emailOtpGroup(ctx),
    pkceGroup(ctx),
    anonymousGroup(ctx),
    oauthGroup(ctx),
    {
      id: 'user',
      title: 'User',
      snippets: [
        auth('get-user', 'Get User', 'const { data: { user } } = await supabase.auth.getUser()', curl([`curl ${shellQuote(authUrl(ctx, 'user'))}`, ...asUser(ctx)]), USER_TOKEN_NOTE),
        auth(
          'update-user',
          'Update User',
          `const { data, error } = await supabase.auth.updateUser({\n  email: 'new@email.com',\n  password: 'new-password',\n  data: { hello: 'world' }\n})`,
          curl([`curl -X PUT ${shellQuote(authUrl(ctx, 'user'))}`, ...asUser(ctx), '-H "Content-Type: application/json"', `-d ${shellQuote(jsonInline({ email: 'new@email.com', password: 'new-password', data: { hello: 'world' } }))}`]),
          USER_TOKEN_NOTE,
        ),
        auth(
          'forgot-password',
          'Forgot password / email',
          `let { data, error } = await supabase.auth.resetPasswordForEmail('${EMAIL}', {\n  redirectTo: '${REDIRECT_URL}'\n})`,
          post(ctx, 'recover', { email: EMAIL }),
          'Sends a password recovery link. The link signs the user in; then set the new password with updateUser({ password }).',
        ),
        auth('log-out', 'Log out', 'let { error } = await supabase.auth.signOut()', curl([`curl -X POST ${shellQuote(authUrl(ctx, 'logout'))}`, ...asUser(ctx)]), USER_TOKEN_NOTE),
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
          post(ctx, 'invite', { email: EMAIL }, service),
        ),
      ],
    },
  ];
}
