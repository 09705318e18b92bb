import { useParams } from 'react-router';
import { DatabasePage } from '../../../features/database/shared/database-page.tsx';
import { ExtensionsView } from '../../../features/database/extensions/extensions-view.tsx';

export default function DatabaseExtensionsPage() {
  const { ref = '' } = useParams();
  return (
    <DatabasePage title="Extensions" description="Extend your database with extensions. Only extensions this database engine can load can be enabled." testId="database-extensions-page">
      <ExtensionsView projectRef={ref} />
    </DatabasePage>
  );
}
