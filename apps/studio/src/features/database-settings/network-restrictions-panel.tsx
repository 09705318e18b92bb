import { X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { Field, Input } from '../../components/ui/input.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { DisabledTooltip } from '../../components/ui/tooltip.tsx';
import { useNetworkRestrictionsMutation } from '../../data/database-settings/network-restrictions-mutation.ts';
import { errorMessage } from '../../lib/api.ts';
import { cidrError } from './cidr.ts';

/** The IP ranges the pooler lets in; an empty list lets everyone in. */
export function NetworkRestrictionsPanel({ projectRef, cidrs, readOnlyReason }: { projectRef: string; cidrs: string[]; readOnlyReason: string | null }) {
  const apply = useNetworkRestrictionsMutation(projectRef);
  const [draft, setDraft] = useState('');
  const [isTouched, setIsTouched] = useState(false);
  const error = cidrError(draft);

  function save(next: string[], success: string) {
    apply.mutate(next, { onSuccess: () => toast.success(success), onError: (e) => toast.error(`Failed to update network restrictions: ${errorMessage(e)}`) });
  }
  function add(event: FormEvent) {
    event.preventDefault();
    setIsTouched(true);
    if (error) return;
    const cidr = draft.trim();
    save([...cidrs.filter((c) => c !== cidr), cidr], `Added ${cidr} to the allowed IP ranges`);
    setDraft('');
    setIsTouched(false);
  }

  return (
    <Panel
      title="Network Restrictions"
      description={cidrs.length === 0 ? 'Your database can be accessed by all IP addresses.' : 'Only the IP ranges below can connect to your database through the pooler.'}
      testId="network-restrictions-panel"
      actions={
        cidrs.length > 0 && (
          <DisabledTooltip isDisabled={!!readOnlyReason} content={readOnlyReason}>
            <Button size="sm" variant="outline" disabled={!!readOnlyReason} isLoading={apply.isPending} onClick={() => save([], 'All IP addresses can access your database')} data-testid="allow-all-access">
              Allow all access
            </Button>
          </DisabledTooltip>
        )
      }
    >
      <div className="space-y-4">
        {cidrs.length > 0 && (
          <ul className="divide-y divide-line rounded-md border border-line" data-testid="allowed-cidrs">
            {cidrs.map((cidr) => (
              <li key={cidr} className="flex items-center justify-between px-3 py-2 font-mono text-sm">
                {cidr}
                <Button size="sm" variant="ghost" aria-label={`Remove ${cidr}`} disabled={!!readOnlyReason} icon={<X className="size-3.5" />} onClick={() => save(cidrs.filter((c) => c !== cidr), `Removed ${cidr}`)} />
              </li>
            ))}
          </ul>
        )}
        <form onSubmit={add} noValidate className="flex items-start gap-2" aria-label="Add restriction">
          <Field label="Allowed IP range (CIDR)" error={isTouched && draft ? error : null} className="flex-1">
            {(props) => <Input {...props} placeholder="203.0.113.0/24" value={draft} disabled={!!readOnlyReason} onChange={(e) => setDraft(e.target.value)} data-testid="cidr-input" />}
          </Field>
          <DisabledTooltip isDisabled={!!readOnlyReason} content={readOnlyReason}>
            <Button type="submit" className="mt-6" disabled={!!readOnlyReason} data-testid="add-cidr">Add restriction</Button>
          </DisabledTooltip>
        </form>
      </div>
    </Panel>
  );
}
