import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { FUNCTION_SLUG_PATTERN } from '@plinth/api-contract';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Field, Input, Select } from '../../components/ui/input.tsx';
import { NoPermission } from '../../components/ui/no-permission.tsx';
import { useFunctionDeployMutation } from '../../data/edge-functions/function-deploy-mutation.ts';
import { useFunctionsQuery } from '../../data/edge-functions/functions-query.ts';
import { DeployButton } from './deploy-button.tsx';
import { DeployError } from './deploy-error.tsx';
import { useEdgeFunctionsAccess } from './edge-functions-access.ts';
import { DEFAULT_ENTRYPOINT, filesChanged, type SourceFile } from './function-files.ts';
import { functionUrl, useFunctionsBaseUrl } from './function-url.ts';
import { FunctionsBackLink } from './functions-back-link.tsx';
import { SourceEditor } from './source-editor.tsx';
import { FUNCTION_TEMPLATES, templateById, type FunctionTemplate } from './templates/index.ts';
import { useDeployShortcut } from './use-deploy-shortcut.ts';
import { VerifyJwtCheckbox } from './verify-jwt-checkbox.tsx';

const SLUG_MESSAGE = 'A function name starts with a letter and has only letters, digits, - and _ (at most 128).';

/** /functions/new: name a function, start from a template, edit its files and deploy it. */
export function NewFunctionView({ projectRef }: { projectRef: string }) {
  const navigate = useNavigate();
  const { canCreate } = useEdgeFunctionsAccess(projectRef);
  const existing = useFunctionsQuery(projectRef);
  const deploy = useFunctionDeployMutation(projectRef);
  const baseUrl = useFunctionsBaseUrl(projectRef);

  const [template, setTemplate] = useState<FunctionTemplate>(FUNCTION_TEMPLATES[0]);
  const [files, setFiles] = useState<SourceFile[]>(template.files);
  const [revision, setRevision] = useState(0);
  const [slug, setSlug] = useState(template.slug);
  const [isSlugEdited, setIsSlugEdited] = useState(false);
  const [verifyJwt, setVerifyJwt] = useState(template.verifyJwt);
  const [pendingTemplate, setPendingTemplate] = useState<FunctionTemplate | null>(null);
  const [isSubmitted, setIsSubmitted] = useState(false);

  const trimmedSlug = slug.trim();
  const slugProblem = !trimmedSlug
    ? 'Enter a name for the function.'
    : !FUNCTION_SLUG_PATTERN.test(trimmedSlug)
      ? SLUG_MESSAGE
      : existing.data?.some((fn) => fn.slug === trimmedSlug)
        ? `A function named ${trimmedSlug} already exists. Open it and deploy from its Code tab to make a new version.`
        : null;

  function applyTemplate(next: FunctionTemplate) {
    setTemplate(next);
    setFiles(next.files);
    setRevision((value) => value + 1);
    setVerifyJwt(next.verifyJwt);
    if (!isSlugEdited) setSlug(next.slug);
    deploy.reset();
  }

  function chooseTemplate(id: string) {
    const next = templateById(id);
    // Someone's edits are not thrown away without asking.
    if (filesChanged(template.files, files)) setPendingTemplate(next);
    else applyTemplate(next);
  }

  function submit() {
    setIsSubmitted(true);
    if (slugProblem || deploy.isPending || !canCreate) return;
    deploy
      .mutateAsync({ slug: trimmedSlug, body: { name: trimmedSlug, verify_jwt: verifyJwt, entrypoint_path: DEFAULT_ENTRYPOINT, files } })
      .then((deployed) => {
        toast.success(`Deployed function ${deployed.slug}`);
        navigate(`/project/${projectRef}/functions/${encodeURIComponent(deployed.slug)}`);
      })
      .catch(() => undefined); // Shown above the editor from the mutation's state.
  }

  const onKeyDownCapture = useDeployShortcut(submit, canCreate);

  return (
    <div className="flex h-full min-h-0 flex-col gap-4 px-6 py-5" onKeyDownCapture={onKeyDownCapture} data-testid="new-function-view">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="space-y-1">
          <FunctionsBackLink projectRef={projectRef} />
          <h1 className="text-xl font-semibold tracking-tight text-fg">Deploy a new function</h1>
        </div>
        <DeployButton onDeploy={submit} isDeploying={deploy.isPending} canDeploy={canCreate} />
      </div>
      {!canCreate && <NoPermission action="deploy edge functions" />}

      <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] md:items-start">
        <Field
          label="Function name"
          description={trimmedSlug && !slugProblem ? <span className="font-mono">{functionUrl(baseUrl, trimmedSlug)}</span> : 'Letters, digits, - and _; it is the last part of the URL.'}
          error={isSubmitted || isSlugEdited ? slugProblem : null}
        >
          {(props) => (
            <Input
              {...props}
              value={slug}
              spellCheck={false}
              autoComplete="off"
              onChange={(event) => {
                setSlug(event.target.value);
                setIsSlugEdited(true);
              }}
              data-testid="function-slug-input"
            />
          )}
        </Field>
        <Field label="Template" description={template.description}>
          {(props) => (
            <Select {...props} value={template.id} onChange={(event) => chooseTemplate(event.target.value)} data-testid="function-template-select">
              {FUNCTION_TEMPLATES.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <VerifyJwtCheckbox checked={verifyJwt} onChange={setVerifyJwt} className="md:pt-7" />
      </div>

      {deploy.isPending && (
        <p role="status" className="text-sm text-fg-muted" data-testid="function-deploy-progress">
          Checking and deploying {trimmedSlug}… A first deploy with npm: imports downloads them, which can take a little while.
        </p>
      )}
      {deploy.isError && <DeployError error={deploy.error} />}

      <div className="min-h-[420px] flex-1">
        <SourceEditor files={files} entrypoint={DEFAULT_ENTRYPOINT} onChange={setFiles} revision={revision} isReadOnly={!canCreate} />
      </div>

      <ConfirmDialog
        open={pendingTemplate !== null}
        onOpenChange={(open) => !open && setPendingTemplate(null)}
        title="Replace your code with the template?"
        description="The files you changed are replaced by the template's files."
        confirmLabel="Replace code"
        variant="warning"
        onConfirm={() => {
          if (pendingTemplate) applyTemplate(pendingTemplate);
          setPendingTemplate(null);
        }}
      />
    </div>
  );
}
