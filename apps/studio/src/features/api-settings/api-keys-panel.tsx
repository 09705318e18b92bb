import type { ReactNode } from 'react';
import type { ProjectSettings } from '@plinth/api-contract';
import { Badge } from '../../components/ui/badge.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { SecretField } from '../../components/ui/secret-field.tsx';
import type { JwtSecretUpdateStatus } from '../../data/api-settings/jwt-secret-update-status-query.ts';
import { keyMessage, NO_KEYS_PERMISSION } from './key-messages.ts';

interface ApiKeysPanelProps {
  settings: ProjectSettings;
  canReadKeys: boolean;
  jwtStatus: JwtSecretUpdateStatus;
}

function keyOf(settings: ProjectSettings, tag: 'anon' | 'service_role'): string {
  const fromService = settings.services[0]?.service_api_keys.find((key) => key.tags === tag)?.api_key;
  return fromService ?? (tag === 'anon' ? settings.autoApiService.defaultApiKey : (settings.autoApiService.serviceApiKey ?? ''));
}

function KeyRow({ name, tag, tone, description, children }: { name: string; tag: string; tone: 'neutral' | 'danger'; description: ReactNode; children: ReactNode }) {
  return (
    <div className="grid gap-2 py-4 first:pt-0 last:pb-0 md:grid-cols-[200px_1fr] md:gap-6">
      <div className="flex flex-wrap items-center gap-2">
        <code className="font-mono text-sm text-fg">{name}</code>
        <Badge tone={tone}>{tag}</Badge>
      </div>
      <div className="min-w-0 space-y-2">
        {children}
        <p className="text-xs text-fg-subtle">{description}</p>
      </div>
    </div>
  );
}

/** Spec "Project API keys": anon (public, shown) and service_role (secret, revealable), copy on both. */
export function ApiKeysPanel({ settings, canReadKeys, jwtStatus }: ApiKeysPanelProps) {
  const message = keyMessage(canReadKeys, jwtStatus);
  const serviceKey = keyOf(settings, 'service_role');
  return (
    <Panel
      title="Project API keys"
      description="Your API is secured behind an API gateway which requires an API key for every request. Use these keys with the supabase-js client or in the apikey header."
      testId="api-keys-panel"
    >
      <div className="divide-y divide-line">
        <KeyRow
          name="anon"
          tag="public"
          tone="neutral"
          description="This key is safe to use in a browser if you have enabled Row Level Security for your tables and configured policies."
        >
          <SecretField label="anon key" value={keyOf(settings, 'anon')} message={message} testId="anon-key-field" />
        </KeyRow>
        <KeyRow
          name="service_role"
          tag="secret"
          tone="danger"
          description={
            <>
              This key has the ability to bypass Row Level Security. <span className="font-medium text-danger">Never share it publicly.</span> If it
              leaks, generate a new JWT secret at once.
            </>
          }
        >
          <SecretField label="service_role key" value={serviceKey} message={message ?? (serviceKey ? null : NO_KEYS_PERMISSION)} isRevealable testId="service-key-field" />
        </KeyRow>
      </div>
    </Panel>
  );
}
