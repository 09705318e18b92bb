import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ORG_WEBHOOK_EVENTS, orgWebhookCreateBody, type OrgWebhookEvent } from '@plinth/api-contract';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Field, Input } from '../../components/ui/input.tsx';
import { SecretField } from '../../components/ui/secret-field.tsx';
import { useOrgWebhookCreateMutation } from '../../data/org-integrations/org-webhook-create-mutation.ts';
import { errorMessage } from '../../lib/api.ts';

/** What each event means, as a person choosing them reads it. */
export const EVENT_LABELS: Record<OrgWebhookEvent, string> = {
  'project.created': 'Project created',
  'project.deleted': 'Project deleted',
  'project.paused': 'Project paused',
  'project.restored': 'Project restored',
  'project.upgraded': 'Project upgraded',
  'member.invited': 'Member invited',
  'member.removed': 'Member removed',
  'member.role_changed': 'Member role changed',
  'plan.changed': 'Plan changed',
};

/** Adds an endpoint: URL and events; then shows the signing secret, once. */
export function OrgWebhookCreateDialog({ slug, open, onOpenChange }: { slug: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const create = useOrgWebhookCreateMutation(slug);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<OrgWebhookEvent[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setUrl('');
      setEvents([]);
      setError(null);
      setSecret(null);
      create.reset();
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = orgWebhookCreateBody.safeParse({ url, events });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the form');
    setError(null);
    create.mutate(parsed.data, {
      onSuccess: (created) => {
        setSecret(created.secret);
        toast.success('Webhook added');
      },
      onError: (failure) => setError(errorMessage(failure)),
    });
  };

  const toggle = (name: OrgWebhookEvent) => setEvents((current) => (current.includes(name) ? current.filter((e) => e !== name) : [...current, name]));

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent title="Add webhook" description="Plinth sends a signed POST request to this URL when a chosen event happens in the organization." testId="org-webhook-dialog" size="lg">
        {secret ? (
          <div className="space-y-3">
            <p className="text-sm text-fg-muted">
              Requests carry <code className="font-mono text-xs">X-Plinth-Signature: sha256=…</code>, an HMAC-SHA256 of <code className="font-mono text-xs">{'{timestamp}.{body}'}</code> with this secret. Copy it now: it is not shown again.
            </p>
            <SecretField label="Signing secret" value={secret} testId="org-webhook-secret" />
            <div className="flex justify-end">
              <Button onClick={() => close(false)}>Done</Button>
            </div>
          </div>
        ) : (
          <form className="space-y-4" onSubmit={submit} noValidate>
            <Field label="Endpoint URL" error={error}>
              {(props) => <Input {...props} value={url} placeholder="https://example.com/hooks/plinth" onChange={(e) => setUrl(e.target.value)} data-testid="org-webhook-url" />}
            </Field>
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium text-fg">Events</legend>
              <div className="grid grid-cols-2 gap-2">
                {ORG_WEBHOOK_EVENTS.map((name) => (
                  <label key={name} className="flex items-center gap-2 text-sm text-fg-muted">
                    <input type="checkbox" checked={events.includes(name)} onChange={() => toggle(name)} data-testid={`org-webhook-event-${name}`} />
                    {EVENT_LABELS[name]}
                  </label>
                ))}
              </div>
            </fieldset>
            <div className="flex justify-end gap-2">
              <Button type="button" variant="outline" onClick={() => close(false)}>
                Cancel
              </Button>
              <Button type="submit" variant="primary" isLoading={create.isPending} data-testid="org-webhook-save">
                Add webhook
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
