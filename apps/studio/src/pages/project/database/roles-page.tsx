import { useParams } from 'react-router';
import { DatabasePage } from '../../../features/database/shared/database-page.tsx';
import { RolesView } from '../../../features/database/roles/roles-view.tsx';

export default function DatabaseRolesPage() {
  const { ref = '' } = useParams();
  return (
    <DatabasePage title="Database Roles" description="Roles of your database: who can log in and what they may do. Platform roles are locked." testId="database-roles-page">
      <RolesView projectRef={ref} />
    </DatabasePage>
  );
}
