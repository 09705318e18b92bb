import { useNavigate } from 'react-router';
import type { EdgeFunction } from '@plinth/api-contract';
import { CopyButton } from '../../components/ui/copy-button.tsx';
import { Table, Td, Th } from '../../components/ui/table.tsx';
import { formatDateTime, formatRelative } from '../../lib/format.ts';
import { functionUrl } from './function-url.ts';

function When({ at }: { at: number }) {
  return (
    <time dateTime={new Date(at).toISOString()} title={formatDateTime(at)} className="whitespace-nowrap text-fg-muted">
      {formatRelative(at)}
    </time>
  );
}

/** The project's functions, newest change first; a row opens the function. */
export function FunctionsTable({ projectRef, functions, baseUrl }: { projectRef: string; functions: EdgeFunction[]; baseUrl: string }) {
  const navigate = useNavigate();
  const rows = [...functions].sort((a, b) => b.updated_at - a.updated_at);
  const open = (slug: string) => navigate(`/project/${projectRef}/functions/${encodeURIComponent(slug)}`);

  return (
    <Table label="Edge functions" className="[&_tbody_tr]:cursor-pointer">
      <thead>
        <tr>
          <Th>Name</Th>
          <Th>URL</Th>
          <Th>Created</Th>
          <Th>Updated</Th>
          <Th className="text-right">Deployments</Th>
        </tr>
      </thead>
      <tbody>
        {rows.map((fn) => {
          const url = functionUrl(baseUrl, fn.slug);
          return (
            <tr key={fn.id} className="hover:bg-surface-2/60" onClick={() => open(fn.slug)} data-testid="function-row" data-slug={fn.slug}>
              <Td>
                <button type="button" className="text-left font-medium text-fg hover:underline" onClick={() => open(fn.slug)}>
                  {fn.name}
                </button>
                {fn.name !== fn.slug && <div className="font-mono text-xs text-fg-subtle">{fn.slug}</div>}
              </Td>
              <Td>
                {/* Copying must not open the function. */}
                <div className="flex items-center gap-2" onClick={(event) => event.stopPropagation()}>
                  <code className="max-w-[22rem] truncate font-mono text-xs text-fg-muted" title={url}>
                    {url}
                  </code>
                  <CopyButton value={url} label="Copy" />
                </div>
              </Td>
              <Td>
                <When at={fn.created_at} />
              </Td>
              <Td>
                <When at={fn.updated_at} />
              </Td>
              <Td className="text-right tabular-nums">{fn.version}</Td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
