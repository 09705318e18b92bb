import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import type { AuthConfig } from '../../data/auth-config/auth-config-query.ts';
import { useAuthConfigUpdateMutation, type AuthConfigUpdate } from '../../data/auth-config/auth-config-update-mutation.ts';
import { errorMessage } from '../../lib/api.ts';
import { changedFields, hasErrors } from './config-body.ts';
import { useReportUnsaved } from './unsaved-changes.tsx';

export type FormErrors<D> = Partial<Record<keyof D, string | null>>;

/** How one section of the auth configuration maps to a form: its draft, its body, its rules. */
export interface ConfigFormSpec<D> {
  draftOf: (config: AuthConfig) => D;
  /** Every field the section owns; secrets only when the draft changes them. */
  bodyOf: (draft: D) => AuthConfigUpdate;
  validate: (draft: D, config: AuthConfig) => FormErrors<D>;
}

export interface ConfigForm<D> {
  draft: D;
  set: <K extends keyof D>(key: K, value: D[K]) => void;
  /** The message to show under a field: after a save attempt, or once the field was changed. */
  errorOf: (key: keyof D) => string | null;
  isDirty: boolean;
  isSaving: boolean;
  serverError: string | null;
  save: () => void;
  reset: () => void;
}

/**
 * One form over a section of the auth configuration: edits a draft, sends only what changed, and
 * reports unsaved edits to the page's guard. A save elsewhere on the page (which refreshes the
 * configuration) resets this form only while it holds no edits of its own.
 */
export function useConfigForm<D>(projectRef: string, config: AuthConfig, spec: ConfigFormSpec<D>, successMessage = 'Successfully updated settings'): ConfigForm<D> {
  const update = useAuthConfigUpdateMutation(projectRef);
  const [base, setBase] = useState(config);
  const [draft, setDraft] = useState(() => spec.draftOf(config));
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const saved = spec.draftOf(base);
  const changes = changedFields(spec.bodyOf(saved), spec.bodyOf(draft));
  // Edits that change nothing to send still count (custom SMTP turned on, not yet filled in): Save
  // then shows what is missing rather than staying greyed out.
  const isDirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const errors = spec.validate(draft, base);
  useReportUnsaved(isDirty);

  useEffect(() => {
    if (config === base || isDirty) return;
    setBase(config);
    setDraft(spec.draftOf(config));
    // `spec` is fixed per form and `base` moves with `config`: only a new configuration matters.
  }, [config, isDirty]);

  function save() {
    setIsSubmitted(true);
    if (!isDirty || hasErrors(errors)) return;
    setServerError(null);
    if (Object.keys(changes).length === 0) {
      setDraft(saved);
      setIsSubmitted(false);
      return;
    }
    update.mutate(changes, {
      onSuccess: (next) => {
        setBase(next);
        setDraft(spec.draftOf(next));
        setIsSubmitted(false);
        toast.success(successMessage);
      },
      onError: (error) => {
        setServerError(errorMessage(error));
        toast.error(`Failed to update settings: ${errorMessage(error)}`);
      },
    });
  }

  return {
    draft,
    set: (key, value) => setDraft((current) => ({ ...current, [key]: value })),
    errorOf: (key) => (isSubmitted || draft[key] !== saved[key] ? (errors[key] ?? null) : null),
    isDirty,
    isSaving: update.isPending,
    serverError,
    save,
    reset: () => {
      setDraft(saved);
      setIsSubmitted(false);
      setServerError(null);
    },
  };
}
