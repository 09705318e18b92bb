import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { AlertTriangle } from 'lucide-react';
import { Field, Input } from '../../components/ui/input.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { useStorageConfigQuery } from '../../data/storage/storage-config-query.ts';
import type { BucketFormErrors, BucketFormField, BucketFormValues } from './bucket-form.ts';
import { SizeUnitSelect } from './size-unit-select.tsx';
import { digitsOnly, formatSize } from './size-units.ts';

interface BucketFormFieldsProps {
  projectRef: string;
  values: BucketFormValues;
  onChange: (patch: Partial<BucketFormValues>) => void;
  /** Only the messages of touched fields (spec §5 "Forms generally"). */
  errors: BucketFormErrors;
  onBlur: (field: BucketFormField) => void;
  /** Editing: the bucket's current access, to warn when it changes. */
  savedPublic?: boolean;
}

function ToggleRow({ label, description, checked, onChange, testId }: { label: string; description: ReactNode; checked: boolean; onChange: (checked: boolean) => void; testId: string }) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <Switch id={id} checked={checked} onChange={onChange} className="mt-0.5" data-testid={testId} />
      <div className="space-y-0.5">
        <label htmlFor={id} className="text-sm font-medium text-fg">
          {label}
        </label>
        <p className="text-xs text-fg-muted">{description}</p>
      </div>
    </div>
  );
}

/** Spec §4 "Bucket edit": changing access warns what happens to every object already stored. */
function AccessChangeWarning({ isPublic }: { isPublic: boolean }) {
  return (
    <div role="note" className="flex gap-3 rounded-md border border-warning/40 bg-warning/10 px-3 py-2.5" data-testid="bucket-access-warning">
      <AlertTriangle className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
      <div className="space-y-1 text-sm">
        <p className="font-medium text-fg">{isPublic ? 'Making bucket public' : 'Making bucket private'}</p>
        <p className="text-fg-muted">
          {isPublic
            ? 'This will make all objects in your bucket public. Anyone with the URL of an object can read it without any authorization.'
            : 'This will make all objects in your bucket private. They can only be accessed via signed URLs or downloaded with the right authorisation headers.'}
        </p>
      </div>
    </div>
  );
}

/** The settings a bucket's create and edit forms share: access, size limit, MIME types. */
export function BucketFormFields({ projectRef, values, onChange, errors, onBlur, savedPublic }: BucketFormFieldsProps) {
  const config = useStorageConfigQuery(projectRef);
  return (
    <div className="space-y-5">
      <ToggleRow
        label="Public bucket"
        description="Anyone can read any object without any authorization"
        checked={values.public}
        onChange={(checked) => onChange({ public: checked })}
        testId="bucket-public-toggle"
      />
      {savedPublic !== undefined && savedPublic !== values.public && <AccessChangeWarning isPublic={values.public} />}

      <div className="space-y-3 border-t border-line pt-4">
        <ToggleRow
          label="Restrict file upload size for bucket"
          description="Prevent uploading of file sizes greater than a specified limit"
          checked={values.hasFileSizeLimit}
          onChange={(checked) => onChange({ hasFileSizeLimit: checked })}
          testId="bucket-size-limit-toggle"
        />
        {values.hasFileSizeLimit && (
          <Field label="File size limit" error={errors.formattedSizeLimit}>
            {(props) => (
              <div className="grid grid-cols-[minmax(0,1fr)_7rem] gap-2">
                <Input
                  {...props}
                  type="text"
                  inputMode="numeric"
                  value={values.formattedSizeLimit}
                  onChange={(e) => onChange({ formattedSizeLimit: digitsOnly(e.target.value) })}
                  onBlur={() => onBlur('formattedSizeLimit')}
                  data-testid="bucket-size-limit-input"
                />
                <SizeUnitSelect label="File size limit unit" value={values.unit} onChange={(unit) => onChange({ unit })} testId="bucket-size-limit-unit" />
              </div>
            )}
          </Field>
        )}
        {values.hasFileSizeLimit && config.data && (
          <p className="text-xs text-fg-muted" data-testid="bucket-global-limit-note">
            Note: Individual bucket uploads will still be capped at the{' '}
            <Link to={`/project/${projectRef}/settings/storage`} className="text-fg underline underline-offset-2 hover:text-brand">
              global upload limit
            </Link>{' '}
            of {formatSize(config.data.fileSizeLimit)}
          </p>
        )}
      </div>

      <div className="border-t border-line pt-4">
        <Field label="Allowed MIME types" description="Comma separated values. Wildcards are allowed, e.g. image/*. Leave blank to allow any MIME type.">
          {(props) => (
            <Input
              {...props}
              value={values.allowedMimeTypes}
              onChange={(e) => onChange({ allowedMimeTypes: e.target.value })}
              placeholder="e.g image/jpeg, image/png, audio/mpeg, video/mp4, etc"
              data-testid="bucket-mime-types-input"
            />
          )}
        </Field>
      </div>
    </div>
  );
}
