import { describe, expect, it } from 'vitest';
import { AUTH_SECRET_FIELDS, MAIL_TEMPLATES, EXTERNAL_PROVIDERS, type AuthConfig } from '@plinth/api-contract';
import { AUTH_CONFIG_DEFAULTS } from '../../platform/src/control/auth-settings.ts';
import { REQUIRED_CHARACTER_CHOICES as PLATFORM_CHOICES } from '../../platform/src/data-plane/auth/password-policy.ts';
import {
  hookUriOf, integerProblem, parseAllowList, parseHookUri, redirectUrlProblem, serializeAllowList, siteUrlProblem,
} from '../src/features/auth-config/auth-config-rules.ts';
import { changedFields, secretBody } from '../src/features/auth-config/config-body.ts';
import { renderPreview, TEMPLATE_IDS, templatesSpec } from '../src/features/auth-config/mail-templates.ts';
import { REQUIRED_CHARACTER_CHOICES, requiredCharacterOptions } from '../src/features/auth-config/password-characters.ts';
import { anonymousSpec, emailSpec, OAUTH_PROVIDER_IDS, oauthSpec } from '../src/features/auth-config/provider-specs.ts';
import { rateLimitsSpec } from '../src/features/auth-config/rate-limits.ts';
import { hooksSpec, passwordSpec, samlSpec, sessionsSpec, signupsSpec, smtpSpec } from '../src/features/auth-config/settings-specs.ts';
import { siteUrlSpec } from '../src/features/auth-config/site-url.ts';
import type { ConfigFormSpec } from '../src/features/auth-config/use-config-form.ts';

/** A configuration as the server presents one: the platform's defaults, secrets masked. */
function configOf(changes: Partial<AuthConfig> = {}): AuthConfig {
  return {
    ...AUTH_CONFIG_DEFAULTS,
    ...(Object.fromEntries(AUTH_SECRET_FIELDS.map((field) => [field, null])) as Record<(typeof AUTH_SECRET_FIELDS)[number], null>),
    secrets_set: {},
    external_callback_url: 'http://localhost:8000/p/abc/auth/v1/callback',
    saml_available: false,
    ...changes,
  };
}

const SPECS: Record<string, ConfigFormSpec<any>> = {
  smtp: smtpSpec, signups: signupsSpec, sessions: sessionsSpec, password: passwordSpec, hooks: hooksSpec, saml: samlSpec,
  email: emailSpec, anonymous: anonymousSpec, siteUrl: siteUrlSpec, rateLimits: rateLimitsSpec, templates: templatesSpec,
  ...Object.fromEntries(OAUTH_PROVIDER_IDS.map((provider) => [provider, oauthSpec(provider)])),
};

describe('every form over the server defaults', () => {
  it.each(Object.keys(SPECS))('%s: opens clean (nothing to save) and valid', (name) => {
    const spec = SPECS[name];
    const config = configOf();
    const body = spec.bodyOf(spec.draftOf(config)) as Record<string, unknown>;
    expect(Object.keys(body).length).toBeGreaterThan(0);
    for (const [field, value] of Object.entries(body)) expect([field, value]).toEqual([field, (config as Record<string, unknown>)[field]]);
    expect(Object.values(spec.validate(spec.draftOf(config), config)).filter(Boolean)).toEqual([]);
  });

  it('lists every provider and template of the contract, in order', () => {
    expect(OAUTH_PROVIDER_IDS).toEqual([...EXTERNAL_PROVIDERS]);
    expect(TEMPLATE_IDS).toEqual([...MAIL_TEMPLATES]);
  });
});

describe('URLs', () => {
  it('checks the site URL as the server does', () => {
    expect(siteUrlProblem('')).toBeNull();
    expect(siteUrlProblem('https://app.example.com')).toBeNull();
    expect(siteUrlProblem('app.example.com')).toBe('Must be a valid URL');
    expect(siteUrlProblem('ftp://example.com')).toBe('Must be a valid URL');
  });

  it('accepts redirect URLs with a scheme and wildcards, and refuses the rest', () => {
    expect(redirectUrlProblem('https://*.example.com/**')).toBeNull();
    expect(redirectUrlProblem('myapp://callback')).toBeNull();
    expect(redirectUrlProblem('http://localhost:3000/**')).toBeNull();
    expect(redirectUrlProblem(' ')).toBe('Please provide a URL');
    expect(redirectUrlProblem('example.com/**')).toBe('example.com/** is not a URL (it needs a scheme, such as https://)');
    expect(redirectUrlProblem('https://a.com,https://b.com')).toBe('A URL cannot contain spaces or commas');
    expect(redirectUrlProblem('https://')).toBe('The URL needs a host after its scheme');
    expect(redirectUrlProblem('https://a.com', ['https://a.com'])).toBe('This URL is already in the list');
  });

  it('reads and writes the comma-separated allow-list', () => {
    expect(parseAllowList(' https://a.com , ,https://b.com/** ')).toEqual(['https://a.com', 'https://b.com/**']);
    expect(parseAllowList('')).toEqual([]);
    expect(serializeAllowList(['https://a.com', 'myapp://x'])).toBe('https://a.com,myapp://x');
  });
});

describe('numbers', () => {
  it('takes whole numbers within the range only', () => {
    expect(integerProblem('12', { min: 6, max: 1024 })).toBeNull();
    expect(integerProblem('5', { min: 6, max: 1024 })).toBe('Must be at least 6');
    expect(integerProblem('2000', { min: 6, max: 1024 })).toBe('Must be at most 1,024');
    expect(integerProblem('1.5', { min: 0 })).toBe('Must be a whole number');
    expect(integerProblem('', { min: 0 })).toBe('Must be a whole number');
  });

  it('sends numbers as numbers, and only what changed', () => {
    const config = configOf();
    const draft = { ...passwordSpec.draftOf(config), minLength: ' 12 ' };
    expect(changedFields(passwordSpec.bodyOf(passwordSpec.draftOf(config)), passwordSpec.bodyOf(draft))).toEqual({ password_min_length: 12 });
    expect(passwordSpec.validate({ ...draft, minLength: '3' }, config).minLength).toBe('Must be at least 6');
  });
});

describe('password requirements', () => {
  it("offers exactly the platform's GoTrue-format choices", () => {
    expect(REQUIRED_CHARACTER_CHOICES).toEqual(PLATFORM_CHOICES);
    expect(requiredCharacterOptions('').map((option) => option.value)).toEqual(['', ...Object.values(PLATFORM_CHOICES)]);
  });

  it('keeps a value set elsewhere as its own option', () => {
    expect(requiredCharacterOptions('abc:123').at(-1)).toEqual({ value: 'abc:123', label: 'Custom: abc:123' });
  });
});

describe('secrets', () => {
  it('leaves a secret out to keep it, sends it to replace it, and sends "" to clear it', () => {
    expect(secretBody('smtp_pass', '')).toEqual({});
    expect(secretBody('smtp_pass', 'hunter2')).toEqual({ smtp_pass: 'hunter2' });
    expect(secretBody('smtp_pass', null)).toEqual({ smtp_pass: '' });
  });
});

describe('SMTP', () => {
  it('requires a sender, a host and a port once enabled, with the server messages', () => {
    const config = configOf();
    const draft = { ...smtpSpec.draftOf(config), isEnabled: true, port: '99999' };
    expect(smtpSpec.validate(draft, config)).toMatchObject({
      senderEmail: 'The sender email address is required when SMTP is enabled',
      host: 'The host is required when SMTP is enabled',
      port: 'Must be a port number',
    });
  });

  it('sends the server, and forgets it (password too) when turned off', () => {
    const config = configOf({ smtp_host: 'smtp.example.com', smtp_port: '587', smtp_admin_email: 'no-reply@example.com', secrets_set: { smtp_pass: true } });
    const saved = smtpSpec.draftOf(config);
    expect(saved.isEnabled).toBe(true);
    expect(changedFields(smtpSpec.bodyOf(saved), smtpSpec.bodyOf({ ...saved, password: 's3cret' }))).toEqual({ smtp_pass: 's3cret' });
    expect(changedFields(smtpSpec.bodyOf(saved), smtpSpec.bodyOf({ ...saved, isEnabled: false, password: null }))).toEqual({
      smtp_admin_email: '', smtp_host: '', smtp_port: '', smtp_pass: '',
    });
  });
});

describe('providers', () => {
  it('needs a client ID and a secret (typed or stored) to enable a provider', () => {
    const spec = oauthSpec('github');
    const config = configOf();
    const draft = { ...spec.draftOf(config), isEnabled: true };
    expect(spec.validate(draft, config)).toEqual({
      clientId: 'A client ID is required to enable this provider',
      secret: 'A client secret is required to enable this provider',
      url: null,
    });
    const withSecret = configOf({ external_github_client_id: 'id', secrets_set: { external_github_secret: true } });
    expect(spec.validate({ ...spec.draftOf(withSecret), isEnabled: true }, withSecret)).toEqual({ clientId: null, secret: null, url: null });
    expect(spec.validate({ ...spec.draftOf(withSecret), isEnabled: true, secret: null }, withSecret).secret).toBe('A client secret is required to enable this provider');
  });

  it('needs an issuer URL for OpenID Connect and Keycloak, never a URL field for Google', () => {
    const config = configOf();
    const oidc = oauthSpec('oidc');
    const draft = { ...oidc.draftOf(config), isEnabled: true, clientId: 'id', secret: 's' };
    expect(oidc.validate(draft, config).url).toBe('Issuer URL is required to enable this provider');
    expect(oidc.validate({ ...draft, url: 'https://id.example.com' }, config).url).toBeNull();
    expect(oidc.bodyOf({ ...draft, url: 'https://id.example.com' })).toEqual({
      external_oidc_enabled: true, external_oidc_client_id: 'id', external_oidc_url: 'https://id.example.com', external_oidc_secret: 's',
    });
    expect(oauthSpec('gitlab').validate({ ...draft, url: '' }, config).url).toBeNull();
    expect(Object.keys(oauthSpec('google').bodyOf(oauthSpec('google').draftOf(config)))).toEqual(['external_google_enabled', 'external_google_client_id']);
  });

  it('shows "Confirm email" as mailer_autoconfirm turned around', () => {
    const config = configOf({ mailer_autoconfirm: true });
    expect(emailSpec.draftOf(config).confirmEmail).toBe(false);
    expect(emailSpec.bodyOf({ ...emailSpec.draftOf(config), confirmEmail: true }).mailer_autoconfirm).toBe(false);
    expect(signupsSpec.bodyOf({ allowSignups: false, allowManualLinking: true })).toEqual({ disable_signup: true, security_manual_linking_enabled: true });
  });
});

describe('hooks', () => {
  it('builds and reads pg-functions URIs', () => {
    expect(hookUriOf('public', 'custom_claims')).toBe('pg-functions://postgres/public/custom_claims');
    expect(parseHookUri('pg-functions://postgres/auth_hooks/claims')).toEqual({ schema: 'auth_hooks', fn: 'claims' });
    expect(parseHookUri('')).toEqual({ schema: 'public', fn: '' });
  });

  it('asks for a function once a hook is on, and keeps the stored URI while none is chosen', () => {
    const config = configOf();
    const draft = hooksSpec.draftOf(config);
    const enabled = { ...draft, custom_access_token: { ...draft.custom_access_token, isEnabled: true } };
    expect(hooksSpec.validate(enabled, config).custom_access_token).toBe('Choose a function');
    const chosen = { ...enabled, custom_access_token: { ...enabled.custom_access_token, fn: 'claims' } };
    expect(hooksSpec.validate(chosen, config).custom_access_token).toBeNull();
    expect(changedFields(hooksSpec.bodyOf(draft), hooksSpec.bodyOf(chosen))).toEqual({
      hook_custom_access_token_enabled: true, hook_custom_access_token_uri: 'pg-functions://postgres/public/claims',
    });
    const bad = { ...chosen, custom_access_token: { ...chosen.custom_access_token, fn: '1st-hook' } };
    expect(hooksSpec.validate(bad, config).custom_access_token).toMatch(/does not start with a digit/);
  });

  it('refuses SAML where the plan has none', () => {
    expect(samlSpec.validate({ isEnabled: true }, configOf()).isEnabled).toBe('SAML 2.0 single sign-on is available on the Pro plan and above');
    expect(samlSpec.validate({ isEnabled: true }, configOf({ saml_available: true })).isEnabled).toBeNull();
  });
});

describe('email templates', () => {
  it('sends only the changed template fields, and needs a subject', () => {
    const config = configOf();
    const draft = templatesSpec.draftOf(config);
    const next = { ...draft, magic_link: { ...draft.magic_link, subject: 'Your link' } };
    expect(changedFields(templatesSpec.bodyOf(draft), templatesSpec.bodyOf(next))).toEqual({ mailer_subjects_magic_link: 'Your link' });
    expect(templatesSpec.validate({ ...next, invite: { ...next.invite, subject: ' ' } }, config).invite).toBe('Please provide a subject');
  });

  it('previews with escaped sample values and leaves other template actions alone', () => {
    const html = renderPreview('<a href="{{ .ConfirmationURL }}">{{.Email}}</a> {{ .Data.name }} {{ if .Token }}x{{ end }} {{ .SiteURL }}', 'magic_link', {
      siteUrl: 'https://app.example.com/?a=1&b="2"',
      authUrl: 'https://plinth.test/p/abc/auth/v1',
    });
    expect(html).toContain('href="https://plinth.test/p/abc/auth/v1/verify?token=sample-token-hash&amp;type=magiclink&amp;redirect_to=');
    expect(html).toContain('>user@example.com</a>');
    expect(html).toContain('[Data.name]');
    expect(html).toContain('{{ if .Token }}x{{ end }}');
    expect(html).toContain('https://app.example.com/?a=1&amp;b=&quot;2&quot;');
  });
});
