import { Plus } from 'lucide-react';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { PageContainer, PageHeader } from '../../components/ui/page-header.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { DisabledTooltip } from '../../components/ui/tooltip.tsx';
import { useFunctionsQuery } from '../../data/edge-functions/functions-query.ts';
import { DeployInstructions } from './deploy-instructions.tsx';
import { NO_DEPLOY_PERMISSION, useEdgeFunctionsAccess } from './edge-functions-access.ts';
import { useFunctionsBaseUrl } from './function-url.ts';
import { FunctionsTable } from './functions-table.tsx';

/** /functions: the project's edge functions, or how to deploy the first one. */
export function FunctionsListView({ projectRef }: { projectRef: string }) {
  const functions = useFunctionsQuery(projectRef);
  const { canCreate } = useEdgeFunctionsAccess(projectRef);
  const baseUrl = useFunctionsBaseUrl(projectRef);

  const newButton = canCreate ? (
    <ButtonLink to={`/project/${projectRef}/functions/new`} variant="primary" icon={<Plus className="size-3.5" />} data-testid="functions-new-button">
      Deploy a new function
    </ButtonLink>
  ) : (
    <DisabledTooltip content={NO_DEPLOY_PERMISSION} isDisabled>
      <Button variant="primary" icon={<Plus className="size-3.5" />} disabled data-testid="functions-new-button">
        Deploy a new function
      </Button>
    </DisabledTooltip>
  );

  return (
    <PageContainer size="wide">
      <PageHeader title="Edge Functions" description="Server-side TypeScript functions, run on Deno at this project's URL." actions={newButton} />
      {functions.isLoading ? (
        <SkeletonRows rows={4} />
      ) : functions.isError ? (
        <ErrorState error={functions.error} title="Failed to retrieve edge functions" onRetry={() => void functions.refetch()} />
      ) : !functions.data?.length ? (
        <DeployInstructions projectRef={projectRef} canCreate={canCreate} />
      ) : (
        <FunctionsTable projectRef={projectRef} functions={functions.data} baseUrl={baseUrl} />
      )}
    </PageContainer>
  );
}
