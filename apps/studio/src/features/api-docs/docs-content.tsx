import { BucketDetail } from './sections/bucket-detail.tsx';
import { ConnectSection } from './sections/connect-section.tsx';
import { EdgeFunctionDetail } from './sections/edge-function-detail.tsx';
import { EdgeFunctionsSection } from './sections/edge-functions-section.tsx';
import { EntitiesSection } from './sections/entities-section.tsx';
import { FunctionDetail } from './sections/function-detail.tsx';
import { ProceduresSection } from './sections/procedures-section.tsx';
import { RealtimeSection } from './sections/realtime-section.tsx';
import type { SectionProps } from './sections/section-props.ts';
import { StorageSection } from './sections/storage-section.tsx';
import { TableDetail } from './sections/table-detail.tsx';
import { UserManagementSection } from './sections/user-management-section.tsx';

/** The right pane: the page for the current location. */
export function DocsContent(props: SectionProps) {
  const { section, item } = props.location;
  switch (section) {
    case 'user-management':
      return <UserManagementSection {...props} />;
    case 'entities':
      return item ? <TableDetail {...props} /> : <EntitiesSection {...props} />;
    case 'stored-procedures':
      return item ? <FunctionDetail {...props} /> : <ProceduresSection {...props} />;
    case 'storage':
      return item ? <BucketDetail {...props} /> : <StorageSection {...props} />;
    case 'edge-functions':
      return item ? <EdgeFunctionDetail {...props} /> : <EdgeFunctionsSection {...props} />;
    case 'realtime':
      return <RealtimeSection {...props} />;
    default:
      return <ConnectSection {...props} />;
  }
}
