import { useState, type ReactNode } from 'react';
import { ChevronRight } from 'lucide-react';
import { Badge } from '../../components/ui/badge.tsx';
import { cn } from '../../lib/cn.ts';
import { AuthConfigGate } from './auth-config-gate.tsx';
import { AnonymousProviderForm, EmailProviderForm, OAuthProviderForm } from './provider-forms.tsx';
import { isProviderEnabled, OAUTH_PROVIDER_IDS, providerInfo } from './provider-specs.ts';

type Status = 'enabled' | 'disabled' | 'unavailable';

const BADGES: Record<Status, ReactNode> = {
  enabled: <Badge tone="success">Enabled</Badge>,
  disabled: <Badge>Disabled</Badge>,
  unavailable: <Badge tone="warning">Unavailable</Badge>,
};

interface ProviderRowProps {
  id: string;
  label: string;
  description: string;
  status: Status;
  isOpen: boolean;
  onToggle: () => void;
  children: ReactNode;
}

/** One provider: a header that opens its form. A closed form stays mounted, so its edits are kept. */
function ProviderRow({ id, label, description, status, isOpen, onToggle, children }: ProviderRowProps) {
  const bodyId = `provider-body-${id}`;
  return (
    <li className="border-b border-line last:border-b-0" data-testid={`provider-row-${id}`}>
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={bodyId}
        onClick={onToggle}
        className="flex w-full items-center gap-3 px-5 py-3.5 text-left hover:bg-surface-2/60"
      >
        <ChevronRight className={cn('size-4 shrink-0 text-fg-subtle transition-transform', isOpen && 'rotate-90')} aria-hidden />
        <span className="min-w-0 flex-1">
          <span className="block text-sm font-medium text-fg">{label}</span>
          <span className="block truncate text-xs text-fg-muted">{description}</span>
        </span>
        {BADGES[status]}
      </button>
      <div id={bodyId} hidden={!isOpen} className="px-5 pb-5 pt-1 sm:pl-12">
        {children}
      </div>
    </li>
  );
}

/** Authentication > Providers: email, phone, anonymous sign-ins, then each OAuth / OIDC provider. */
export function ProvidersView({ projectRef }: { projectRef: string }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const row = (id: string) => ({ id, isOpen: open.has(id), onToggle: () => toggle(id) });

  return (
    <AuthConfigGate projectRef={projectRef}>
      {(config, canUpdate) => {
        const props = { projectRef, config, canUpdate };
        const statusOf = (isEnabled: boolean): Status => (isEnabled ? 'enabled' : 'disabled');
        return (
          <ul className="overflow-hidden rounded-lg border border-line bg-surface" aria-label="Auth providers">
            <ProviderRow {...row('email')} label="Email" description="Sign up and sign in with an email address: password, magic link or one-time code." status={statusOf(config.external_email_enabled)}>
              <EmailProviderForm {...props} />
            </ProviderRow>
            <ProviderRow {...row('phone')} label="Phone" description="Sign in with a one-time code sent by SMS." status="unavailable">
              <p className="text-sm text-fg-muted" data-testid="phone-unavailable">
                Phone sign-ins need an SMS provider to send the codes, and Plinth has none: phone sign-up and sign-in are not
                available on this project.
              </p>
            </ProviderRow>
            <ProviderRow {...row('anonymous')} label="Anonymous Sign-Ins" description="Let users use your app before they create an account." status={statusOf(config.external_anonymous_users_enabled)}>
              <AnonymousProviderForm {...props} />
            </ProviderRow>
            {OAUTH_PROVIDER_IDS.map((provider) => (
              <ProviderRow key={provider} {...row(provider)} label={providerInfo(provider).label} description={providerInfo(provider).description} status={statusOf(isProviderEnabled(config, provider))}>
                <OAuthProviderForm provider={provider} {...props} />
              </ProviderRow>
            ))}
          </ul>
        );
      }}
    </AuthConfigGate>
  );
}
