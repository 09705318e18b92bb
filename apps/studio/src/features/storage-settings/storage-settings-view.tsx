import { useState, type FormEvent } from 'react';
import { Lock } from 'lucide-react';
import { toast } from 'sonner';
import type { StorageConfig } from '@plinth/api-contract';
import { Action, Resource } from '@plinth/permissions';
import { MAX_UPLOAD_SIZE_BYTES } from '@plinth/plans';
import { Button } from '../../components/ui/button.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Field, Input } from '../../components/ui/input.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { DisabledTooltip } from '../../components/ui/tooltip.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useProjectCan } from '../../data/pg-meta/project-permissions.ts';
import { useProjectQuery } from '../../data/projects/project-query.ts';
import { useStorageConfigQuery } from '../../data/storage/storage-config-query.ts';
import { useStorageConfigUpdateMutation } from '../../data/storage/storage-config-update-mutation.ts';
import { SizeUnitSelect } from '../storage/size-unit-select.tsx';
import { digitsOnly } from '../storage/size-units.ts';
import { formFromLimit, isLimitChanged, limitBytes, MAX_LIMIT_SAVE_ERROR, validateUploadLimit } from './upload-limit.ts';
import { UpgradePrompt } from './upgrade-prompt.tsx';

const NO_PERMISSION = 'You need additional permissions to update storage settings';

interface UploadLimitPanelProps {
  projectRef: string;
  slug: string | undefined;
  config: StorageConfig;
  canWrite: boolean;
}

function UploadLimitPanel({ projectRef, slug, config, canWrite }: UploadLimitPanelProps) {
  const [form, setForm] = useState(() => formFromLimit(config.fileSizeLimit));
  const [isTouched, setIsTouched] = useState(false);
  const update = useStorageConfigUpdateMutation(projectRef);
  const error = validateUploadLimit(form);
  const isChanged = isLimitChanged(form, config.fileSizeLimit);
  const isLocked = config.isFreeTier;

  function submit(event: FormEvent) {
    event.preventDefault();
    setIsTouched(true);
    if (error) {
      toast.error(MAX_LIMIT_SAVE_ERROR);
      return;
    }
    update.mutate(
      { fileSizeLimit: limitBytes(form) },
      {
        onSuccess: (saved) => {
          toast.success('Successfully updated storage settings');
          setForm(formFromLimit(saved.fileSizeLimit));
          setIsTouched(false);
        },
        onError: (e) => toast.error(`Failed to update storage settings: ${errorMessage(e)}`),
      },
    );
  }

  function cancel() {
    setForm(formFromLimit(config.fileSizeLimit));
    setIsTouched(false);
  }

  const footer = (
    <>
      <Button variant="outline" onClick={cancel} disabled={!isChanged || update.isPending}>
        Cancel
      </Button>
      <DisabledTooltip isDisabled={!canWrite} content={NO_PERMISSION}>
        <Button type="submit" variant="primary" isLoading={update.isPending} disabled={!canWrite || !isChanged} data-testid="storage-settings-save">
          Save
        </Button>
      </DisabledTooltip>
    </>
  );

  return (
    <form onSubmit={submit} noValidate>
      <Panel footer={footer} testId="storage-settings-panel">
        <div className="space-y-4">
          <Field
            label="Upload file size limit"
            error={isTouched ? error : null}
            description={`Equivalent to ${limitBytes(form).toLocaleString('en-US')} bytes. Maximum size in bytes of a file that can be uploaded is 5 GB (${MAX_UPLOAD_SIZE_BYTES.toLocaleString('en-US')} bytes).`}
          >
            {(props) => (
              <div className="grid max-w-md grid-cols-[minmax(0,1fr)_7rem] gap-2">
                <Input
                  {...props}
                  type="text"
                  inputMode="numeric"
                  disabled={isLocked}
                  value={form.value}
                  onChange={(e) => {
                    setForm({ ...form, value: digitsOnly(e.target.value) });
                    setIsTouched(true);
                  }}
                  data-testid="upload-limit-input"
                />
                <SizeUnitSelect
                  label="Upload file size limit unit"
                  disabled={isLocked}
                  value={form.unit}
                  onChange={(unit) => {
                    setForm({ ...form, unit });
                    setIsTouched(true);
                  }}
                  testId="upload-limit-unit"
                />
              </div>
            )}
          </Field>
          {isLocked && <UpgradePrompt slug={slug} />}
          {!canWrite && (
            <p className="flex items-center gap-2 text-sm text-fg-muted" data-testid="storage-settings-no-permission">
              <Lock className="size-3.5 shrink-0" aria-hidden />
              {NO_PERMISSION}
            </p>
          )}
        </div>
      </Panel>
    </form>
  );
}

/** Settings > Storage (spec §2 "Storage settings page", §5 "Storage settings"). */
export function StorageSettingsView({ projectRef }: { projectRef: string }) {
  const config = useStorageConfigQuery(projectRef);
  const project = useProjectQuery(projectRef);
  const canWrite = useProjectCan(projectRef, Action.STORAGE_ADMIN_WRITE, Resource.STORAGE);

  if (config.isLoading) return <SkeletonRows rows={2} />;
  if (config.isError || !config.data) {
    return <ErrorState error={config.error} title="Error loading storage settings" onRetry={() => void config.refetch()} />;
  }
  return <UploadLimitPanel projectRef={projectRef} slug={project.data?.organization_slug} config={config.data} canWrite={canWrite} />;
}
