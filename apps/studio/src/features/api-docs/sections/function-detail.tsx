import { Table, Td, Th } from '../../../components/ui/table.tsx';
import { DocsBlock, DocsHeader } from '../docs-article.tsx';
import { SnippetGroupView } from '../snippet-group-view.tsx';
import { rpcSnippetGroups } from '../snippets/rpc-snippets.ts';
import { SourceState } from './source-state.tsx';
import type { SectionProps } from './section-props.ts';

/** One function: description, arguments (name, format, type, Required/Optional) and how to invoke it. */
export function FunctionDetail({ data, language, location }: SectionProps) {
  const source = data.openApi.data;
  if (!source) return <SourceState data={data} />;
  const fn = source.functions.find((entry) => entry.name === location.item);
  if (!fn) return <DocsHeader title={location.item} description={<p>This function is not exposed by the API (or no longer exists).</p>} />;
  return (
    <>
      <DocsHeader title={fn.name} description={<p data-testid="function-description">{fn.description || 'No description'}</p>} />
      <DocsBlock id="function-arguments" title="Arguments">
        {fn.args.length === 0 ? (
          <p className="text-sm text-fg-muted">This function takes no arguments.</p>
        ) : (
          <Table label={`Arguments of ${fn.name}`}>
            <thead>
              <tr>
                <Th>Name</Th>
                <Th>Format</Th>
                <Th>Type</Th>
                <Th>Required</Th>
              </tr>
            </thead>
            <tbody data-testid="docs-arguments">
              {fn.args.map((arg) => (
                <tr key={arg.name} data-testid={`docs-argument-${arg.name}`}>
                  <Td className="font-mono text-xs">{arg.name}</Td>
                  <Td className="font-mono text-xs text-fg-muted">{arg.format}</Td>
                  <Td className="font-mono text-xs text-fg-muted">{arg.type || 'json'}</Td>
                  <Td className="text-xs text-fg-muted">{arg.isRequired ? 'Required' : 'Optional'}</Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </DocsBlock>
      {rpcSnippetGroups(fn, data.context).map((group) => (
        <SnippetGroupView key={group.id} group={group} language={language} />
      ))}
    </>
  );
}
