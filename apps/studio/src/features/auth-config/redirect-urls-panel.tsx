import { useState } from 'react';
import { Globe, Plus, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { DisabledTooltip } from '../../components/ui/tooltip.tsx';
import { useAuthConfigUpdateMutation } from '../../data/auth-config/auth-config-update-mutation.ts';
import { errorMessage } from '../../lib/api.ts';
import { AddRedirectUrlDialog } from './add-redirect-url-dialog.tsx';
import { parseAllowList, serializeAllowList } from './auth-config-rules.ts';
import { NO_UPDATE_PERMISSION } from './config-form-panel.tsx';
import type { SectionProps } from './section-props.ts';

/** The redirect allow-list: every redirect after sign-in, sign-up or recovery must match one. */
export function RedirectUrlsPanel({ projectRef, config, canUpdate }: SectionProps) {
  const urls = parseAllowList(config.uri_allow_list);
  const update = useAuthConfigUpdateMutation(projectRef);
  const [isAdding, setIsAdding] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);

  function remove(url: string) {
    update.mutate(
      { uri_allow_list: serializeAllowList(urls.filter((entry) => entry !== url)) },
      {
        onSuccess: () => {
          toast.success('Successfully removed URL');
          setRemoving(null);
        },
        onError: (error) => toast.error(`Failed to remove URL: ${errorMessage(error)}`),
      },
    );
  }

  const addButton = (
    <DisabledTooltip isDisabled={!canUpdate} content={NO_UPDATE_PERMISSION}>
      <Button size="sm" variant="default" icon={<Plus className="size-3.5" />} disabled={!canUpdate} onClick={() => setIsAdding(true)} data-testid="add-redirect-url">
        Add URL
      </Button>
    </DisabledTooltip>
  );

  return (
    <Panel
      title="Redirect URLs"
      description="URLs that auth providers are permitted to redirect to post authentication. Wildcards are allowed, for example, https://*.domain.com"
      actions={addButton}
      testId="redirect-urls-panel"
    >
      {urls.length === 0 ? (
        <EmptyState icon={<Globe />} title="No Redirect URLs" description="Add a URL to allow redirects to it after sign-in, sign-up or password recovery, such as http://localhost:3000/**." testId="redirect-urls-empty" />
      ) : (
        <ul aria-label="Redirect URLs">
          {urls.map((url) => (
            <li key={url} className="flex items-center gap-3 border-b border-line py-2.5 last:border-b-0" data-testid="redirect-url-row">
              <Globe className="size-4 shrink-0 text-fg-subtle" aria-hidden />
              <span className="min-w-0 flex-1 truncate font-mono text-sm text-fg">{url}</span>
              <DisabledTooltip isDisabled={!canUpdate} content={NO_UPDATE_PERMISSION}>
                <Button size="sm" variant="ghost" icon={<Trash2 className="size-3.5" />} disabled={!canUpdate} onClick={() => setRemoving(url)} aria-label={`Remove ${url}`}>
                  Remove
                </Button>
              </DisabledTooltip>
            </li>
          ))}
        </ul>
      )}
      <AddRedirectUrlDialog projectRef={projectRef} urls={urls} open={isAdding} onOpenChange={setIsAdding} />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove URL"
        description={`Are you sure you want to remove ${removing ?? ''}? Redirects to it will no longer be allowed.`}
        confirmLabel="Remove URL"
        variant="danger"
        isLoading={update.isPending}
        onConfirm={() => removing && remove(removing)}
        testId="remove-redirect-url-dialog"
      />
    </Panel>
  );
}
