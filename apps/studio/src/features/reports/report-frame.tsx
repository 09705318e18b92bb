import type { ReactNode } from 'react';
import { Badge } from '../../components/ui/badge.tsx';
import { PageContainer, PageHeader } from '../../components/ui/page-header.tsx';

/** The frame every report shares: title (with its badge), description, the range or refresh controls, then panels. */
export function ReportFrame({ title, badge, description, actions, children, testId }: {
  title: string;
  badge?: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  return (
    <PageContainer size="wide">
      <div data-testid={testId}>
        <PageHeader
          title={
            <span className="inline-flex items-center gap-2">
              {title}
              {badge && <Badge tone="brand">{badge}</Badge>}
            </span>
          }
          description={description}
          actions={actions}
        />
        <div className="space-y-4">{children}</div>
      </div>
    </PageContainer>
  );
}

/** One figure of a report: a label and its value, large. */
export function Figure({ label, value, hint, testId }: { label: string; value: string; hint?: string; testId: string }) {
  return (
    <div className="rounded-lg border border-line bg-surface px-4 py-3">
      <p className="text-xs uppercase tracking-wide text-fg-subtle">{label}</p>
      <p className="mt-1 text-xl font-semibold tabular-nums text-fg" data-testid={testId}>
        {value}
      </p>
      {hint && <p className="mt-0.5 text-xs text-fg-subtle">{hint}</p>}
    </div>
  );
}
