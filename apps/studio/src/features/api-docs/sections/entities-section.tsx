import { Download, ExternalLink } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { useTypesDownloadMutation } from '../../../data/api-docs/types-download-mutation.ts';
import { errorMessage } from '../../../lib/api.ts';
import { DocsBlock, DocsHeader, DocsItemList } from '../docs-article.tsx';
import { SourceState } from './source-state.tsx';
import type { SectionProps } from './section-props.ts';

export const TYPES_DOCS_URL = 'https://supabase.com/docs/guides/api/rest/generating-types';

/** Tables & Views: what is exposed, typed clients, and the list that opens each table's page. */
export function EntitiesSection({ projectRef, data, onNavigate }: SectionProps) {
  const types = useTypesDownloadMutation(projectRef);
  const tables = data.openApi.data?.tables;

  function generate() {
    types.mutate(undefined, {
      onSuccess: () => toast.success('Successfully generated types! File is being downloaded'),
      onError: (error) => toast.error(`Failed to generate types: ${errorMessage(error)}`),
    });
  }

  return (
    <>
      <DocsHeader
        title="Tables & Views"
        description={
          <p>
            All tables and views in the <code className="font-mono text-xs text-fg">{data.context.schema}</code> schema that the role of a request may
            access are available through the API. Each one's page shows its columns and examples built from them.
          </p>
        }
      />
      <DocsBlock id="entities-types" title="Generate types">
        <p className="text-sm text-fg-muted">
          TypeScript types of your database give supabase-js autocompletion and type checks. Generate them after every schema change.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="default" size="sm" icon={<Download className="size-3.5" />} isLoading={types.isPending} onClick={generate} data-testid="generate-types">
            Generate and download types
          </Button>
          <a href={TYPES_DOCS_URL} target="_blank" rel="noreferrer" className="inline-flex h-7 items-center gap-1.5 rounded-md border border-line-strong px-2.5 text-xs font-medium text-fg hover:bg-surface-3">
            <ExternalLink className="size-3.5" aria-hidden />
            Documentation
          </a>
        </div>
      </DocsBlock>
      <DocsBlock id="entities-list" title="Tables & Views">
        {tables ? (
          <DocsItemList
            items={tables}
            onOpen={(name) => onNavigate({ section: 'entities', item: name })}
            empty={`No tables or views in the ${data.context.schema} schema are exposed yet. Create one in the Table Editor or the SQL editor.`}
            testId="docs-tables-list"
          />
        ) : (
          <SourceState data={data} />
        )}
      </DocsBlock>
    </>
  );
}
