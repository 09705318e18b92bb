import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { SidePanel } from '../../../components/ui/side-panel.tsx';
import type { Policy } from '../../../data/pg-meta/types.ts';
import { usePolicyCreateMutation } from '../../../data/policies/policy-create-mutation.ts';
import { usePolicyUpdateMutation } from '../../../data/policies/policy-update-mutation.ts';
import { errorMessage } from '../../../lib/api.ts';
import {
  EMPTY_POLICY_FORM, formFromPolicy, isDirty, reviewPolicy, validatePolicyForm, VALIDATION_NOTICE_MS,
  type PolicyFormValues, type PolicyReview,
} from '../policy-form.ts';
import { POLICY_TEMPLATES, type PolicyTemplate } from '../policy-templates.ts';
import { EditorView } from './editor-view.tsx';
import { ReviewView } from './review-view.tsx';
import { SelectionView } from './selection-view.tsx';
import { TemplatesView } from './templates-view.tsx';

type View = 'SELECTION' | 'TEMPLATES' | 'EDITOR' | 'REVIEW';

export interface PolicyEditorTarget {
  schema: string;
  table: string;
}

interface PolicyEditorPanelProps {
  projectRef: string;
  target: PolicyEditorTarget;
  /** null for a new policy. */
  policy: Policy | null;
  onClose: () => void;
  /** The storage policies page words it 'Successfully saved policy!' (spec document 2, §8). */
  successMessage?: string;
}

/**
 * The policy editor (spec document 1, §4): a new policy starts in SELECTION, an edit in EDITOR.
 * Mounted once per opening, so every opening starts clean.
 */
export function PolicyEditorPanel({ projectRef, target, policy, onClose, successMessage = 'Policy successfully saved!' }: PolicyEditorPanelProps) {
  const isNew = policy === null;
  const [initial] = useState<PolicyFormValues>(() => (policy ? formFromPolicy(policy) : EMPTY_POLICY_FORM));
  const [values, setValues] = useState(initial);
  const [view, setView] = useState<View>(isNew ? 'SELECTION' : 'EDITOR');
  const [viewBeforeTemplates, setViewBeforeTemplates] = useState<View>('SELECTION');
  const [review, setReview] = useState<PolicyReview | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [isConfirmingDiscard, setIsConfirmingDiscard] = useState(false);
  const create = usePolicyCreateMutation(projectRef);
  const update = usePolicyUpdateMutation(projectRef);
  const isSaving = create.isPending || update.isPending;

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), VALIDATION_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  const where = `${target.schema}.${target.table}`;
  const title =
    view === 'TEMPLATES'
      ? 'Select a template to use for your new policy'
      : view === 'REVIEW'
        ? `Reviewing policy to be ${isNew ? 'created' : 'updated'} on ${where}`
        : isNew
          ? `Adding new policy to ${where}`
          : `Editing policy from ${where}`;

  function requestClose() {
    if (isSaving) return;
    if (isDirty(values, initial)) setIsConfirmingDiscard(true);
    else onClose();
  }

  function openTemplates() {
    setViewBeforeTemplates(view);
    setView('TEMPLATES');
  }

  function applyTemplate(template: PolicyTemplate) {
    // A template overrides whatever was typed (spec §4).
    setValues({ name: template.name, command: template.command, definition: template.definition, check: template.check, roles: [...template.roles] });
    setView('EDITOR');
  }

  function goToReview() {
    const problem = validatePolicyForm(values);
    if (problem) {
      setNotice(problem);
      return;
    }
    try {
      setReview(reviewPolicy(values, target, policy));
      setNotice(null);
      setView('REVIEW');
    } catch (error) {
      // pg-meta refused the input (a name over 63 bytes, an expression that ends the statement, ...).
      setNotice(errorMessage(error));
    }
  }

  function save() {
    if (!review) return;
    const onSuccess = () => {
      toast.success(successMessage);
      onClose();
    };
    if (review.kind === 'create') {
      create.mutate(review.body, {
        onSuccess,
        onError: (error) => {
          toast.error(`Error adding policy: ${errorMessage(error)}`);
          setView('EDITOR');
        },
      });
    } else if (policy && review.hasChanges) {
      update.mutate(
        { id: policy.id, changes: review.changes },
        {
          onSuccess,
          onError: (error) => {
            toast.error(`Error updating policy: ${errorMessage(error)}`);
            setView('EDITOR');
          },
        },
      );
    }
  }

  const footer =
    view === 'SELECTION' ? (
      <Button variant="outline" onClick={requestClose}>Cancel</Button>
    ) : view === 'TEMPLATES' ? (
      <Button variant="outline" onClick={() => setView(viewBeforeTemplates)}>Back</Button>
    ) : view === 'EDITOR' ? (
      <>
        {isNew && <Button variant="ghost" onClick={openTemplates} className="mr-auto">Use a template</Button>}
        <Button variant="outline" onClick={requestClose}>Cancel</Button>
        <Button variant="primary" onClick={goToReview} data-testid="policy-review">Review</Button>
      </>
    ) : (
      <>
        <Button variant="outline" onClick={() => setView('EDITOR')} disabled={isSaving}>Back to edit</Button>
        <Button
          variant="primary"
          onClick={save}
          isLoading={isSaving}
          disabled={review?.kind === 'update' && !review.hasChanges}
          data-testid="policy-save"
        >
          Save policy
        </Button>
      </>
    );

  return (
    <>
      <SidePanel open onRequestClose={requestClose} title={title} footer={footer} size={view === 'TEMPLATES' ? 'large' : 'medium'} testId="policy-editor">
        {view === 'SELECTION' && <SelectionView onUseTemplate={openTemplates} onStartFromScratch={() => setView('EDITOR')} />}
        {view === 'TEMPLATES' && (
          <TemplatesView templates={POLICY_TEMPLATES} statementOf={(template) => template.statement(target)} badgeOf={(template) => template.command} onUse={applyTemplate} />
        )}
        {view === 'EDITOR' && (
          <EditorView projectRef={projectRef} target={target} values={values} onChange={setValues} isCommandLocked={!isNew} notice={notice} />
        )}
        {view === 'REVIEW' && review && <ReviewView review={review} />}
      </SidePanel>
      <ConfirmDialog
        open={isConfirmingDiscard}
        onOpenChange={setIsConfirmingDiscard}
        title="Discard changes"
        description="There are unsaved changes. Are you sure you want to close the panel? Your changes will be lost."
        confirmLabel="Discard changes"
        cancelLabel="Keep editing"
        variant="danger"
        onConfirm={() => {
          setIsConfirmingDiscard(false);
          onClose();
        }}
        testId="policy-discard-dialog"
      />
    </>
  );
}
