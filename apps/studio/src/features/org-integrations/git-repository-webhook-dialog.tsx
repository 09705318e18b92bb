import { useState } from 'react';
import { toast } from 'sonner';
import type { GitRepository } from '@plinth/api-contract';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { SecretField } from '../../components/ui/secret-field.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { useGitWebhookSecretQuery } from '../../data/git/git-webhook-secret-query.ts';
import { useGitWebhookSecretRotateMutation } from '../../data/git/git-webhook-secret-rotate-mutation.ts';
import { errorMessage } from '../../lib/api.ts';

/**
 * What a Git host's push webhook is set up with: the URL and the secret (read when the dialog opens,
 * hidden until revealed), and a confirmed regeneration. Owners and administrators only.
 */
export function GitRepositoryWebhookDialog({ slug, repository, onClose }: { slug: string; repository: GitRepository | null; onClose: () => void }) {
  const secret = useGitWebhookSecretQuery(slug, repository?.id, repository !== null);
  const rotate = useGitWebhookSecretRotateMutation(slug);
  const [isConfirming, setIsConfirming] = useState(false);
  return (
    <>
      <Dialog open={repository !== null} onOpenChange={(open) => !open && onClose()}>
        <DialogContent
          title={`Push webhook for ${repository?.name ?? 'the repository'}`}
          description="Add a webhook on the Git host for push events, with this URL and secret: preview branches then apply pushed migrations at once instead of at the next poll."
          size="lg"
          testId="git-webhook-dialog"
          footer={
            <Button variant="outline" onClick={() => setIsConfirming(true)} disabled={!secret.data} data-testid="git-webhook-rotate">
              Regenerate secret
            </Button>
          }
        >
          <div className="space-y-4">
            <div className="space-y-1.5">
              <p className="text-sm font-medium text-fg">Payload URL</p>
              <SecretField label="Webhook URL" value={repository?.webhook_url ?? ''} testId="git-webhook-url" />
              <p className="text-xs text-fg-subtle">Content type application/json; the push event is enough (a ping is answered).</p>
            </div>
            <div className="space-y-1.5">
              <p className="text-sm font-medium text-fg">Secret</p>
              {secret.isPending ? (
                <SkeletonRows rows={1} />
              ) : secret.isError ? (
                <ErrorState error={secret.error} title="Failed to retrieve the webhook secret" onRetry={() => void secret.refetch()} />
              ) : (
                <SecretField label="Webhook secret" value={secret.data.secret} isRevealable testId="git-webhook-secret" />
              )}
              <p className="text-xs text-fg-subtle">GitHub, Gitea and Forgejo sign each delivery with it (HMAC-SHA256); on GitLab, enter it as the secret token.</p>
            </div>
          </div>
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title="Regenerate webhook secret"
        description="Deliveries signed with the current secret are refused from now on, until the Git host is given the new one."
        variant="warning"
        confirmLabel="Regenerate"
        isLoading={rotate.isPending}
        testId="git-webhook-rotate-confirm"
        onConfirm={() =>
          repository &&
          rotate.mutate(repository.id, {
            onSuccess: () => {
              toast.success('Webhook secret regenerated');
              setIsConfirming(false);
            },
            onError: (e) => toast.error(`Failed to regenerate the webhook secret: ${errorMessage(e)}`),
          })
        }
      />
    </>
  );
}
