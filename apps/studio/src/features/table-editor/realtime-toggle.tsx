import { Radio } from 'lucide-react';
import { toast } from 'sonner';
import { Feature } from '@plinth/permissions';
import { Switch } from '../../components/ui/switch.tsx';
import { DisabledTooltip, Tooltip } from '../../components/ui/tooltip.tsx';
import { useHasFeature } from '../../data/permissions/can.ts';
import { useProjectQuery } from '../../data/projects/project-query.ts';
import { usePublicationsQuery } from '../../data/publications/publications-query.ts';
import { realtimePublicationOf, REALTIME_PUBLICATION, tableRealtimeState } from '../../data/realtime/realtime-publication.ts';
import { useTableRealtimeMutation } from '../../data/realtime/table-realtime-mutation.ts';
import type { RelationMeta } from '../../data/table-rows/relation-sql.ts';
import { errorMessage } from '../../lib/api.ts';

const NO_PERMISSION = 'You need additional permissions to toggle Realtime';

/**
 * The table header's "Realtime" switch: on, the table is in the supabase_realtime publication and
 * its inserts, updates and deletes reach subscribers (who still only see rows RLS lets them read).
 */
export function RealtimeToggle({ projectRef, meta, canWrite }: { projectRef: string; meta: RelationMeta; canWrite: boolean }) {
  const project = useProjectQuery(projectRef);
  const hasRealtime = useHasFeature(project.data?.organization_slug, Feature.REALTIME);
  const publications = usePublicationsQuery(hasRealtime ? projectRef : undefined);
  const toggle = useTableRealtimeMutation(projectRef);
  if (!hasRealtime || publications.isError) return null;

  const table = { schema: meta.schema, name: meta.name };
  const state = tableRealtimeState(realtimePublicationOf(publications.data), table);
  const isOn = state !== 'off';
  const isDisabled = !canWrite || state === 'all' || publications.isLoading || toggle.isPending;

  function change(enabled: boolean) {
    toggle.mutate(
      { table, enabled },
      {
        onSuccess: () => {
          if (!enabled) toast.success(`Realtime is off for ${meta.name}`);
          else if (meta.primaryKeys.length === 0) {
            toast.warning(`Realtime is on for ${meta.name}. It has no primary key: updates and deletes of its rows fail until it has one (or REPLICA IDENTITY FULL).`);
          } else toast.success(`Realtime is on for ${meta.name}: its changes are sent to subscribers`);
        },
        onError: (error) => toast.error(`Failed to turn Realtime ${enabled ? 'on' : 'off'}: ${errorMessage(error)}`),
      },
    );
  }

  const control = (
    <span className="inline-flex items-center gap-1.5 text-xs text-fg-muted" data-testid="table-realtime-toggle" data-state={state}>
      <Radio className="size-3.5" aria-hidden />
      <span id="table-realtime-label">Realtime</span>
      <Switch checked={isOn} onChange={change} disabled={isDisabled} aria-labelledby="table-realtime-label" />
    </span>
  );
  if (state === 'all') {
    return <Tooltip content={`The ${REALTIME_PUBLICATION} publication covers every table: change it on the Replication page`}>{control}</Tooltip>;
  }
  return (
    <DisabledTooltip content={NO_PERMISSION} isDisabled={!canWrite}>
      <Tooltip content={isOn ? 'Changes of this table are sent over Realtime' : 'Send the changes of this table over Realtime'} isEnabled={canWrite}>
        {control}
      </Tooltip>
    </DisabledTooltip>
  );
}
