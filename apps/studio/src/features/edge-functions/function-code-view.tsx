import { useState } from 'react';
import { toast } from 'sonner';
import type { EdgeFunction, FunctionSource } from '@plinth/api-contract';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { LoadingArea } from '../../components/ui/spinner.tsx';
import { useFunctionDeployMutation } from '../../data/edge-functions/function-deploy-mutation.ts';
import { useFunctionSourceQuery } from '../../data/edge-functions/function-source-query.ts';
import { DeployButton } from './deploy-button.tsx';
import { DeployError } from './deploy-error.tsx';
import { useEdgeFunctionsAccess } from './edge-functions-access.ts';
import { filesChanged, type SourceFile } from './function-files.ts';
import { SourceEditor } from './source-editor.tsx';
import { useDeployShortcut } from './use-deploy-shortcut.ts';

/** The Code tab: the current version's files, editable; Deploy makes the next version. */
export function FunctionCodeView({ projectRef, fn }: { projectRef: string; fn: EdgeFunction }) {
  const source = useFunctionSourceQuery(projectRef, fn.slug);
  if (source.isLoading) return <LoadingArea label="Loading the function's code" />;
  if (source.isError || !source.data) return <ErrorState error={source.error} title="Failed to load the function's code" onRetry={() => void source.refetch()} />;
  return <CodeEditorScreen projectRef={projectRef} fn={fn} source={source.data} />;
}

function CodeEditorScreen({ projectRef, fn, source }: { projectRef: string; fn: EdgeFunction; source: FunctionSource }) {
  const { canUpdate } = useEdgeFunctionsAccess(projectRef);
  const deploy = useFunctionDeployMutation(projectRef);
  const [files, setFiles] = useState<SourceFile[]>(source.files);
  // A new version (this screen's deploy, or another's read afresh) replaces the editor's files; the
  // open file stays open.
  const [shownVersion, setShownVersion] = useState(source.version);
  if (source.version !== shownVersion) {
    setShownVersion(source.version);
    setFiles(source.files);
  }
  const isChanged = filesChanged(source.files, files);

  function submit() {
    if (deploy.isPending || !canUpdate) return;
    deploy
      .mutateAsync({ slug: fn.slug, body: { entrypoint_path: source.entrypoint_path, import_map_path: source.import_map_path ?? undefined, files } })
      .then((deployed) => toast.success(`Deployed version ${deployed.version} of ${deployed.slug}`))
      .catch(() => undefined); // Shown below the toolbar from the mutation's state.
  }

  const onKeyDownCapture = useDeployShortcut(submit, canUpdate);

  return (
    <div className="flex h-full min-h-0 flex-col gap-3" onKeyDownCapture={onKeyDownCapture} data-testid="function-code-view">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-fg-muted">
          Version {source.version}, entrypoint <code className="font-mono text-xs text-fg">{source.entrypoint_path}</code>
          {isChanged && <span className="ml-2 text-warning" data-testid="function-code-changed">Unsaved changes</span>}
        </p>
        <DeployButton onDeploy={submit} isDeploying={deploy.isPending} canDeploy={canUpdate} label="Deploy updates" />
      </div>
      {deploy.isError && <DeployError error={deploy.error} />}
      <div className="min-h-[420px] flex-1">
        <SourceEditor files={files} entrypoint={source.entrypoint_path} onChange={setFiles} revision={source.version} isReadOnly={!canUpdate} />
      </div>
    </div>
  );
}
