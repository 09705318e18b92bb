/**
 * Real SMTP: a project whose auth configuration names a mail server sends through it (nothing goes
 * to the catcher); a server that refuses makes the flow fail with GoTrue's error; the platform's own
 * mail (PLINTH_SMTP_URL) confirms dashboard sign-ups and carries organisation invitations.
 */
import { AuthClient } from '@supabase/auth-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, uniqueEmail, waitForStatus } from '../support/client.ts';
import { startPlatform } from '../support/platform.ts';
import { startSmtpServer, type SmtpTestServer } from '../support/smtp-server.ts';

describe('auth mail through a real SMTP server', () => {
  let smtp: SmtpTestServer;
  let platform: Awaited<ReturnType<typeof startPlatform>>;
  let api: ApiClient;
  let ref: string;

  /** A dashboard account: sign-ups need the emailed confirmation once the platform has a mail server. */
  async function dashboardAccount(email: string): Promise<ApiClient> {
    const auth = new AuthClient({ url: `${platform.url}/auth/v1`, autoRefreshToken: false, persistSession: false });
    const { data } = await auth.signUp({ email, password: 'correct-horse-battery' });
    expect(data.session).toBeNull();
    const mail = await smtp.waitFor(email);
    const tokenHash = /verify\?token=([0-9a-f]+)/.exec(mail.raw)![1];
    const verified = await auth.verifyOtp({ token_hash: tokenHash, type: 'signup' });
    expect(verified.error).toBeNull();
    return new ApiClient(platform.url, verified.data.session!.access_token);
  }

  beforeAll(async () => {
    smtp = await startSmtpServer();
    platform = await startPlatform({ engine: 'local', env: { PLINTH_SMTP_URL: `smtp://127.0.0.1:${smtp.port}?from=plinth@example.com` } });
    api = await dashboardAccount(uniqueEmail('owner'));
    const slug = (await api.post('/api/organizations', { name: 'Mail Co', plan: 'free' })).body.slug as string;
    const { body } = await api.post('/api/projects', { name: 'Mailer', organization_slug: slug, db_pass: 'a-long-db-password' });
    ref = body.ref;
    await waitForStatus(api, ref, 'ACTIVE_HEALTHY');
    const invitee = uniqueEmail('invitee');
    expect((await api.post(`/api/platform/organizations/${slug}/members/invitations`, { email: invitee, role: 'Developer' })).status).toBeLessThan(300);
    expect((await smtp.waitFor(invitee)).raw).toContain("You're invited to join Mail Co on Plinth");
  });
  afterAll(async () => {
    await platform?.stop();
    await smtp?.stop();
  });

  it("sends a project's sign-in code through its SMTP server, not to the catcher", async () => {
    const patch = await api.patch(`/api/platform/projects/${ref}/config/auth`, {
      smtp_host: '127.0.0.1', smtp_port: String(smtp.port), smtp_admin_email: 'auth@mailer.test', smtp_sender_name: 'Mailer',
    });
    expect(patch.status).toBe(200);
    const settings = (await api.get(`/api/props/project/${ref}/settings`)).body;
    const auth = new AuthClient({ url: `${platform.url}/p/${ref}/auth/v1`, headers: { apikey: settings.autoApiService.defaultApiKey }, autoRefreshToken: false, persistSession: false });
    const email = uniqueEmail('smtp');
    expect((await auth.signInWithOtp({ email })).error).toBeNull();
    const mail = await smtp.waitFor(email);
    expect(mail.from).toBe('auth@mailer.test');
    const code = /code: (\d{6})/.exec(mail.raw)![1];
    expect((await auth.verifyOtp({ email, token: code, type: 'email' })).error).toBeNull();
    expect((await api.get(`/api/platform/projects/${ref}/mail`)).body).toEqual([]);

    await api.patch(`/api/platform/projects/${ref}/config/auth`, { smtp_port: '1' });
    const refused = await auth.signInWithOtp({ email: uniqueEmail('refused') });
    // auth-js reads any 500 as retryable and keeps only status and message (GoTrue answers the same way).
    expect(refused.error).toMatchObject({ status: 500, message: 'Error sending email: the SMTP server 127.0.0.1:1 did not accept the message' });
  });
});
