import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useSnippetSaveMutation } from '../../data/content/snippet-save-mutation.ts';
import { newUuid } from '../../data/content/uuid.ts';
import type { SqlTemplate } from './templates.ts';

/** What /sql/new receives when a template opens without being saved (members who cannot create). */
export interface NewQueryState {
  sql: string;
  name: string;
}

interface TemplateGalleryProps {
  projectRef: string;
  title: string;
  description: string;
  templates: SqlTemplate[];
  canCreate: boolean;
  testId: string;
}

/** Templates or Quickstarts: choosing one opens it as a new query, ready to run. */
export function TemplateGallery({ projectRef, title, description, templates, canCreate, testId }: TemplateGalleryProps) {
  const navigate = useNavigate();
  const save = useSnippetSaveMutation(projectRef);
  const [openingId, setOpeningId] = useState<string | null>(null);

  function open(template: SqlTemplate) {
    if (!canCreate) {
      const state: NewQueryState = { sql: template.sql, name: template.title };
      void navigate(`/project/${projectRef}/sql/new`, { state });
      return;
    }
    const id = newUuid();
    setOpeningId(template.id);
    save.mutate(
      { id, name: template.title, description: template.description, content: { sql: template.sql, favorite: false } },
      {
        onSuccess: () => void navigate(`/project/${projectRef}/sql/${id}`),
        onError: (error) => toast.error(`Failed to create new query: ${errorMessage(error)}`),
        onSettled: () => setOpeningId(null),
      },
    );
  }

  return (
    <div className="h-full overflow-y-auto" data-testid={testId}>
      <div className="mx-auto max-w-5xl px-6 py-8">
        <h1 className="text-xl font-semibold text-fg">{title}</h1>
        <p className="mt-1 text-sm text-fg-muted">{description}</p>
        <ul className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {templates.map((template) => (
            <li key={template.id}>
              <button
                type="button"
                onClick={() => open(template)}
                disabled={openingId !== null}
                className="flex h-full w-full flex-col gap-1.5 rounded-lg border border-line bg-surface p-4 text-left transition-colors hover:border-line-strong hover:bg-surface-2 disabled:opacity-60"
              >
                <span className="flex items-center gap-2 text-sm font-medium text-fg">
                  {template.title}
                  {openingId === template.id && <Spinner className="size-3.5" />}
                </span>
                <span className="text-xs leading-relaxed text-fg-muted">{template.description}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
