import { Table, Td, Th } from '../../../components/ui/table.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { DocsBlock, DocsHeader } from '../docs-article.tsx';
import { SnippetGroupView } from '../snippet-group-view.tsx';
import { tableSnippetGroups } from '../snippets/table-snippets.ts';
import { SourceState } from './source-state.tsx';
import type { SectionProps } from './section-props.ts';

/** One table or view: description, Columns (name, format, type, description) and its examples. */
export function TableDetail({ data, language, location }: SectionProps) {
  const source = data.openApi.data;
  if (!source) return <SourceState data={data} />;
  const table = source.tables.find((entry) => entry.name === location.item);
  if (!table) {
    return <DocsHeader title={location.item} description={<p>This table or view is not exposed by the API (or no longer exists).</p>} />;
  }
  return (
    <>
      <DocsHeader title={table.name} description={<p data-testid="table-description">{table.description || 'No description'}</p>} />
      <DocsBlock id="table-columns" title="Columns">
        <Table label={`Columns of ${table.name}`}>
          <thead>
            <tr>
              <Th>Name</Th>
              <Th>Format</Th>
              <Th>Type</Th>
              <Th>Description</Th>
            </tr>
          </thead>
          <tbody data-testid="docs-columns">
            {table.columns.map((column) => (
              <tr key={column.name} data-testid={`docs-column-${column.name}`}>
                <Td className="font-mono text-xs">
                  <span className="inline-flex items-center gap-2">
                    {column.name}
                    {column.isRequired && <Badge>required</Badge>}
                  </span>
                </Td>
                <Td className="font-mono text-xs text-fg-muted">{column.format}</Td>
                <Td className="font-mono text-xs text-fg-muted">{column.type || 'json'}</Td>
                <Td className="text-xs text-fg-muted">{column.description || '—'}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      </DocsBlock>
      {tableSnippetGroups(table, data.context).map((group) => (
        <SnippetGroupView key={group.id} group={group} language={language} />
      ))}
    </>
  );
}
