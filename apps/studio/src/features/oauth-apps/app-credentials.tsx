import type { OAuthAppWithSecret } from '@plinth/api-contract';
import { Button } from '../../components/ui/button.tsx';
import { CopyButton } from '../../components/ui/copy-button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';

/** The client id and secret, the secret shown this once (after creation or regeneration). */
export function AppCredentialsDialog({ app, onClose }: { app: OAuthAppWithSecret | null; onClose: () => void }) {
  return (
    <Dialog open={!!app} onOpenChange={(open) => !open && onClose()}>
      {app && (
        <DialogContent
          title={`Credentials for ${app.name}`}
          description="Copy the client secret now and keep it somewhere safe: you won't be able to see it again."
          testId="oauth-app-credentials"
          footer={<Button onClick={onClose}>Done</Button>}
        >
          <div className="space-y-3">
            <Credential label="Client ID" value={app.client_id} testId="oauth-app-client-id" />
            <Credential label="Client secret" value={app.client_secret} testId="oauth-app-client-secret" />
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}

function Credential({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="space-y-1">
      <p className="text-xs font-medium text-fg-muted">{label}</p>
      <div className="flex items-center gap-2">
        <code className="min-w-0 flex-1 truncate rounded-md border border-line bg-surface-2 px-3 py-2 font-mono text-xs text-fg" data-testid={testId}>
          {value}
        </code>
        <CopyButton value={value} />
      </div>
    </div>
  );
}
