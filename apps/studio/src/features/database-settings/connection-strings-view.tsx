import { useState } from 'react';
import { CodeBlock } from '../../components/ui/code-block.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { SegmentedControl } from '../../components/ui/segmented-control.tsx';
import type { DatabaseSettings } from '../../data/database-settings/database-settings-query.ts';
import { CLIENTS, clientSnippet, connectionTargets, type ClientId } from './connection-strings.ts';

const LANGUAGE: Record<ClientId, string> = { uri: 'uri', psql: 'bash', jdbc: 'jdbc', dotnet: '.net', prisma: '.env', drizzle: 'typescript' };

/** Mode tabs (transaction, session, direct) and client tabs; shared by the settings page and the Connect dialog. */
export function ConnectionStringsView({ settings }: { settings: DatabaseSettings }) {
  const targets = connectionTargets(settings);
  const [targetId, setTargetId] = useState(targets[0]?.id ?? 'transaction');
  const [client, setClient] = useState<ClientId>('uri');
  const target = targets.find((t) => t.id === targetId) ?? targets[0];
  if (!target) {
    return <EmptyState title="No connection pooler" description="The pooler is turned off on this platform (PLINTH_POOLER_PORT=off), so the database cannot be reached from outside." testId="no-connection-strings" />;
  }
  return (
    <div className="space-y-3" data-testid="connection-strings">
      <SegmentedControl label="Connection type" options={targets.map((t) => ({ value: t.id, label: t.label }))} value={target.id} onChange={setTargetId} />
      <p className="text-xs text-fg-muted">{target.description}</p>
      <SegmentedControl label="Client" options={CLIENTS} value={client} onChange={setClient} />
      <CodeBlock code={clientSnippet(client, target, targets)} language={LANGUAGE[client]} testId="connection-string" />
      <p className="text-xs text-fg-subtle">
        Replace [YOUR-PASSWORD] with the database password. Host {target.host}, port {target.port}, user {target.user}, database {target.database}.
        {settings.engine === 'embedded' && ' This project runs on the embedded engine: the pooler serves transaction mode only.'}
      </p>
    </div>
  );
}
