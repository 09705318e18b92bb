import { Link } from 'react-router';
import { PageContainer, PageHeader } from '../../components/ui/page-header.tsx';
import { explorerUrl } from './explorer-link.ts';
import { LOG_TEMPLATES } from './templates.ts';

/** /logs/explorer/templates: ready queries; choosing one opens it in the explorer and runs it. */
export function TemplatesView({ projectRef }: { projectRef: string }) {
  return (
    <PageContainer size="wide">
      <div data-testid="logs-templates">
        <PageHeader title="Templates" description="Ready queries over the project’s logs. Each opens in the Logs Explorer, where you can change it and run it again." />
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {LOG_TEMPLATES.map((template) => (
            <li key={template.id}>
              <Link
                to={explorerUrl(projectRef, template.sql)}
                className="flex h-full flex-col gap-1.5 rounded-lg border border-line bg-surface p-4 transition-colors hover:border-line-strong hover:bg-surface-2"
                data-testid="logs-template"
              >
                <span className="text-sm font-medium text-fg">{template.title}</span>
                <span className="text-xs leading-relaxed text-fg-muted">{template.description}</span>
                <span className="mt-auto pt-1 font-mono text-[11px] text-fg-subtle">{template.source}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </PageContainer>
  );
}
