import type { ReactNode } from 'react';
import type { AuthUser } from '@plinth/api-contract';
import { Badge } from '../../components/ui/badge.tsx';
import { CodeBlock } from '../../components/ui/code-block.tsx';
import { CopyButton } from '../../components/ui/copy-button.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { isBanned, metadataJson, userProviders } from './user-facts.ts';

export function PanelSection({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="space-y-3" data-testid={testId} aria-label={title}>
      <h3 className="text-sm font-semibold text-fg">{title}</h3>
      {children}
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[160px_1fr] items-baseline gap-3 py-1.5 text-sm">
      <dt className="text-fg-subtle">{label}</dt>
      <dd className="min-w-0 break-words text-fg">{children}</dd>
    </div>
  );
}

const when = (value: string | null | undefined, none = '-') => (value ? formatDateTime(value) : none);

export function UserOverview({ user }: { user: AuthUser }) {
  const banned = isBanned(user);
  const providers = userProviders(user);
  return (
    <PanelSection title="Overview" testId="user-overview">
      <dl className="divide-y divide-line rounded-lg border border-line bg-surface-2/40 px-4">
        <Fact label="User UID">
          <span className="flex items-center justify-between gap-2">
            <span className="font-mono text-xs">{user.id}</span>
            <CopyButton value={user.id} />
          </span>
        </Fact>
        <Fact label="Email">{user.email || '-'}</Fact>
        <Fact label="Phone">{user.phone || '-'}</Fact>
        <Fact label="Created at">{when(user.created_at)}</Fact>
        <Fact label="Updated at">{when(user.updated_at)}</Fact>
        {user.invited_at && <Fact label="Invited at">{when(user.invited_at)}</Fact>}
        <Fact label="Confirmed at">{when(user.email_confirmed_at ?? user.confirmed_at, 'Not confirmed')}</Fact>
        <Fact label="Last signed in">{when(user.last_sign_in_at, 'Never')}</Fact>
        <Fact label="Providers">
          <span className="flex flex-wrap gap-1.5">{providers.length ? providers.map((provider) => <Badge key={provider}>{provider}</Badge>) : '-'}</span>
        </Fact>
        <Fact label="Anonymous">{user.is_anonymous ? 'Yes' : 'No'}</Fact>
        <Fact label="Banned">
          {banned ? (
            <span data-testid="user-banned-state">
              <Badge tone="danger">Banned</Badge> <span className="text-fg-muted">until {formatDateTime(user.banned_until!)}</span>
            </span>
          ) : (
            <span data-testid="user-banned-state">Not banned</span>
          )}
        </Fact>
      </dl>
    </PanelSection>
  );
}

export function UserIdentities({ user }: { user: AuthUser }) {
  return (
    <PanelSection title="Identities" testId="user-identities">
      {user.identities.length === 0 ? (
        <p className="text-sm text-fg-muted">This user has no identities{user.is_anonymous ? ': anonymous users sign in without one' : ''}.</p>
      ) : (
        <ul className="divide-y divide-line rounded-lg border border-line">
          {user.identities.map((identity) => (
            <li key={identity.identity_id} className="flex items-center justify-between gap-3 px-4 py-2.5 text-sm">
              <span className="flex min-w-0 items-center gap-2">
                <Badge tone="info">{identity.provider}</Badge>
                <span className="truncate text-fg">{identity.email ?? identity.id}</span>
              </span>
              <span className="shrink-0 text-xs text-fg-subtle">
                Created {when(identity.created_at)} · Last signed in {when(identity.last_sign_in_at, 'never')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </PanelSection>
  );
}

export function UserFactors({ user }: { user: AuthUser }) {
  return (
    <PanelSection title="Multi-factor authentication" testId="user-factors">
      {user.factors.length === 0 ? (
        <p className="text-sm text-fg-muted">No MFA factors enrolled.</p>
      ) : (
        <ul className="divide-y divide-line rounded-lg border border-line">
          {user.factors.map((factor) => (
            <li key={factor.id} className="flex items-center justify-between gap-3 px-4 py-2.5 text-sm">
              <span className="flex min-w-0 items-center gap-2">
                <Badge>{factor.factor_type}</Badge>
                <span className="truncate text-fg">{factor.friendly_name || factor.id}</span>
              </span>
              <span className="flex shrink-0 items-center gap-2 text-xs text-fg-subtle">
                <Badge tone={factor.status === 'verified' ? 'success' : 'warning'}>{factor.status}</Badge>
                Added {when(factor.created_at)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </PanelSection>
  );
}

export function UserMetadata({ user }: { user: AuthUser }) {
  return (
    <PanelSection title="Raw metadata" testId="user-metadata">
      <div className="space-y-2">
        <p className="text-xs font-medium text-fg-muted">App metadata (raw_app_meta_data)</p>
        <CodeBlock code={metadataJson(user.app_metadata)} language="json" testId="user-app-metadata" />
      </div>
      <div className="space-y-2">
        <p className="text-xs font-medium text-fg-muted">User metadata (raw_user_meta_data)</p>
        <CodeBlock code={metadataJson(user.user_metadata)} language="json" testId="user-user-metadata" />
      </div>
    </PanelSection>
  );
}
