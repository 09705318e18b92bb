import { useState } from 'react';
import { toast } from 'sonner';
import type { Bucket } from '@plinth/api-contract';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { usePolicyCreateMutation } from '../../../data/policies/policy-create-mutation.ts';
import { errorMessage } from '../../../lib/api.ts';
import { SelectionView } from '../../policies/editor/selection-view.tsx';
import { TemplatesView } from '../../policies/editor/templates-view.tsx';
import {
  EMPTY_STORAGE_POLICY_FORM, formFromTemplate, newStoragePolicyForm, reviewStoragePolicies, validateStoragePolicyForm,
  type StoragePolicyFormValues, type StoragePolicyStatement,
} from '../storage-policy-form.ts';
import { applyBucketToTemplate, STORAGE_POLICY_TEMPLATES, type StoragePolicyTemplate } from '../storage-policy-templates.ts';
import { StoragePolicyFormView } from './storage-policy-form-view.tsx';
import { StoragePolicyReviewView } from './storage-policy-review-view.tsx';

type View = 'SELECTION' | 'TEMPLATES' | 'EDITOR' | 'REVIEW';

interface StoragePolicyEditorDialogProps {
  projectRef: string;
  bucket: Bucket;
  successMessage: string;
  onClose: () => void;
}

/**
 * The storage policy editor (spec §4 "Storage policy editor"): selection, then editor or templates,
 * then review and save. Mounted once per opening, so every opening starts clean.
 */
export function StoragePolicyEditorDialog({ projectRef, bucket, successMessage, onClose }: StoragePolicyEditorDialogProps) {
  const [view, setView] = useState<View>('SELECTION');
  const [viewBeforeTemplates, setViewBeforeTemplates] = useState<View>('SELECTION');
  const [values, setValues] = useState<StoragePolicyFormValues>(EMPTY_STORAGE_POLICY_FORM);
  const [statements, setStatements] = useState<StoragePolicyStatement[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  // The SQL of policies a partly failed save did create: saving again skips them instead of failing on their names.
  const [created, setCreated] = useState<ReadonlySet<string>>(new Set());
  const create = usePolicyCreateMutation(projectRef);

  const title =
    view === 'TEMPLATES'
      ? 'Select a template to use for your new policy'
      : view === 'REVIEW'
        ? `Reviewing policies to be created for ${bucket.name}`
        : `Adding new policy to ${bucket.name}`;

  function change(next: StoragePolicyFormValues) {
    setValues(next);
    setNotice(null);
  }

  function openTemplates() {
    setViewBeforeTemplates(view);
    setView('TEMPLATES');
  }

  function applyTemplate(template: StoragePolicyTemplate) {
    change(formFromTemplate(values, template, bucket.id));
    setView('EDITOR');
  }

  function review() {
    const problem = validateStoragePolicyForm(values);
    if (problem) {
      setNotice(problem);
      return;
    }
    try {
      setStatements(reviewStoragePolicies(bucket.name, values));
      setView('REVIEW');
    } catch (error) {
      // pg-meta's builder refused the input (a name too long in bytes, a definition with ";", ...).
      setNotice(errorMessage(error));
    }
  }

  /** Every policy is created on its own; any failure is a toast and a flag, and the editor reopens. */
  async function save() {
    setIsSaving(true);
    const done = new Set(created);
    const failures = await Promise.all(
      statements.map(async (statement) => {
        if (done.has(statement.sql)) return false;
        try {
          await create.mutateAsync(statement.payload);
          done.add(statement.sql);
          return false;
        } catch (error) {
          toast.error(`Error adding policy: ${errorMessage(error)}`);
          return true;
        }
      }),
    );
    setIsSaving(false);
    setCreated(done);
    if (failures.includes(true)) {
      setView('EDITOR');
      return;
    }
    toast.success(successMessage);
    onClose();
  }

  const footer =
    view === 'SELECTION' ? (
      <Button variant="outline" onClick={onClose}>Cancel</Button>
    ) : view === 'TEMPLATES' ? (
      <Button variant="outline" onClick={() => setView(viewBeforeTemplates)}>Back</Button>
    ) : view === 'EDITOR' ? (
      <>
        <Button variant="ghost" className="mr-auto" onClick={openTemplates}>View templates</Button>
        <Button variant="outline" onClick={onClose}>Cancel</Button>
        <Button variant="primary" onClick={review} data-testid="storage-policy-review">Review</Button>
      </>
    ) : (
      <>
        <Button variant="outline" onClick={() => setView('EDITOR')} disabled={isSaving}>Back to edit</Button>
        <Button variant="primary" onClick={() => void save()} isLoading={isSaving} data-testid="storage-policy-save">Save policy</Button>
      </>
    );

  return (
    <Dialog open onOpenChange={(open) => !open && !isSaving && onClose()}>
      <DialogContent title={title} size="xl" footer={footer} testId="storage-policy-editor" isBare>
        <div className="max-h-[65vh] overflow-y-auto">
          {view === 'SELECTION' && (
            <SelectionView
              description="Policies written in SQL decide who may access the files and folders of this bucket. Start from a template or write one yourself."
              onUseTemplate={openTemplates}
              onStartFromScratch={() => {
                change(newStoragePolicyForm(bucket.id));
                setView('EDITOR');
              }}
            />
          )}
          {view === 'TEMPLATES' && (
            <TemplatesView templates={STORAGE_POLICY_TEMPLATES} statementOf={(template) => applyBucketToTemplate(template.statement, bucket.id)} onUse={applyTemplate} />
          )}
          {view === 'EDITOR' && <StoragePolicyFormView projectRef={projectRef} values={values} onChange={change} notice={notice} />}
          {view === 'REVIEW' && <StoragePolicyReviewView statements={statements} />}
        </div>
      </DialogContent>
    </Dialog>
  );
}
