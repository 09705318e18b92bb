import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { EdgeFunction } from '@plinth/api-contract';
import { Button } from '../../components/ui/button.tsx';
import { CopyButton } from '../../components/ui/copy-button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { DisabledTooltip } from '../../components/ui/tooltip.tsx';
import { TypedDeletePanel } from '../../components/ui/typed-delete-panel.tsx';
import { useFunctionDeleteMutation } from '../../data/edge-functions/function-delete-mutation.ts';
import { useFunctionUpdateMutation } from '../../data/edge-functions/function-update-mutation.ts';
import { errorMessage } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { NO_DELETE_PERMISSION, NO_UPDATE_PERMISSION, useEdgeFunctionsAccess } from './edge-functions-access.ts';
import { functionUrl, useFunctionsBaseUrl } from './function-url.ts';
import { VERIFY_JWT_DESCRIPTION } from './verify-jwt-checkbox.tsx';

function Row({ label, description, children }: { label: ReactNode; description?: ReactNode; children: ReactNode }) {
  return (
    <div className="grid gap-2 py-3 first:pt-0 last:pb-0 md:grid-cols-[200px_1fr] md:gap-6">
      <div className="space-y-0.5">
        <div className="text-sm font-medium text-fg">{label}</div>
        {description && <p className="text-xs text-fg-subtle">{description}</p>}
      </div>
      <div className="min-w-0 text-sm text-fg">{children}</div>
    </div>
  );
}

/** The Details tab: what the function is, its name and JWT setting, and deleting it. */
export function FunctionDetails({ projectRef, fn }: { projectRef: string; fn: EdgeFunction }) {
  const navigate = useNavigate();
  const { canUpdate, canDelete } = useEdgeFunctionsAccess(projectRef);
  const update = useFunctionUpdateMutation(projectRef);
  const remove = useFunctionDeleteMutation(projectRef);
  const url = functionUrl(useFunctionsBaseUrl(projectRef), fn.slug);
  const [name, setName] = useState(fn.name);
  const trimmedName = name.trim();

  function saveName(event: FormEvent) {
    event.preventDefault();
    if (!trimmedName || trimmedName === fn.name) return;
    update.mutate(
      { slug: fn.slug, body: { name: trimmedName } },
      { onSuccess: () => toast.success('Function name saved'), onError: (error) => toast.error(`Failed to rename the function: ${errorMessage(error)}`) },
    );
  }

  function setVerifyJwt(verifyJwt: boolean) {
    update.mutate(
      { slug: fn.slug, body: { verify_jwt: verifyJwt } },
      {
        onSuccess: () => toast.success(verifyJwt ? 'Callers must now send a valid JWT' : 'JWT verification is off: anyone with the URL can call the function'),
        onError: (error) => toast.error(`Failed to update the function: ${errorMessage(error)}`),
      },
    );
  }

  function deleteFunction() {
    remove
      .mutateAsync({ slug: fn.slug })
      .then(() => {
        toast.success(`Deleted function ${fn.slug}`);
        navigate(`/project/${projectRef}/functions`);
      })
      .catch((error: unknown) => toast.error(`Failed to delete the function: ${errorMessage(error)}`));
  }

  return (
    <div className="max-w-4xl space-y-6" data-testid="function-details">
      <Panel title="Function details">
        <div className="divide-y divide-line">
          <Row label="Name" description="How the dashboard shows the function; the URL keeps its slug.">
            <form onSubmit={saveName} className="flex items-center gap-2">
              <Input className="h-8" value={name} onChange={(event) => setName(event.target.value)} disabled={!canUpdate} aria-label="Function name" maxLength={256} />
              <DisabledTooltip content={NO_UPDATE_PERMISSION} isDisabled={!canUpdate}>
                <Button type="submit" size="sm" variant="outline" disabled={!canUpdate || !trimmedName || trimmedName === fn.name} isLoading={update.isPending && update.variables?.body.name !== undefined}>
                  Save
                </Button>
              </DisabledTooltip>
            </form>
          </Row>
          <Row label="Slug">
            <code className="font-mono text-xs" data-testid="function-details-slug">
              {fn.slug}
            </code>
          </Row>
          <Row label="Endpoint URL">
            <div className="flex items-center gap-2">
              <code className="truncate font-mono text-xs text-fg-muted">{url}</code>
              <CopyButton value={url} />
            </div>
          </Row>
          <Row label="Version" description="Each deploy makes a new version.">
            <span className="tabular-nums">{fn.version}</span>
          </Row>
          <Row label="Entrypoint">
            <code className="font-mono text-xs">{fn.entrypoint_path}</code>
            {fn.import_map_path && <span className="ml-2 text-xs text-fg-muted">import map {fn.import_map_path}</span>}
          </Row>
          <Row label="Created">{formatDateTime(fn.created_at)}</Row>
          <Row label="Last updated">{formatDateTime(fn.updated_at)}</Row>
          <Row label={<span id="verify-jwt-label">Verify JWT</span>} description={VERIFY_JWT_DESCRIPTION}>
            <DisabledTooltip content={NO_UPDATE_PERMISSION} isDisabled={!canUpdate}>
              <Switch
                checked={fn.verify_jwt}
                onChange={setVerifyJwt}
                disabled={!canUpdate || update.isPending}
                aria-labelledby="verify-jwt-label"
                data-testid="function-verify-jwt"
              />
            </DisabledTooltip>
          </Row>
        </div>
      </Panel>
      <TypedDeletePanel
        noun="function"
        panelDescription="The function and every version of it are removed."
        explanation="Requests to its URL are answered 404 from then on. This cannot be undone."
        dialogTitle={`Delete ${fn.slug}`}
        confirmValue={fn.slug}
        confirmValueName="slug"
        consequence={
          <>
            Deleting <strong className="text-fg">{fn.slug}</strong> removes its code, versions and settings. Apps calling {url} will get errors.
          </>
        }
        canDelete={canDelete}
        deniedTooltip={NO_DELETE_PERMISSION}
        isDeleting={remove.isPending}
        onDelete={deleteFunction}
      />
    </div>
  );
}
