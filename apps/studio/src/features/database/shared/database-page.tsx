import type { ReactNode } from 'react';
import { PageContainer, PageHeader } from '../../../components/ui/page-header.tsx';

/** The frame every database page shares: title, description, actions, a toolbar row, then content. */
export function DatabasePage({ title, description, actions, toolbar, children, testId }: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  toolbar?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <PageContainer size="wide">
      <div data-testid={testId}>
        <PageHeader title={title} description={description} actions={actions} />
        {toolbar && <div className="mb-4 flex flex-wrap items-center gap-3">{toolbar}</div>}
        <div className="space-y-4">{children}</div>
      </div>
    </PageContainer>
  );
}
