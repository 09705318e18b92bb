import { useParams } from 'react-router';
import { DatabasePage } from '../../../features/database/shared/database-page.tsx';
import { EnumTypesView } from '../../../features/database/types/enum-types-view.tsx';

export default function DatabaseTypesPage() {
  const { ref = '' } = useParams();
  return (
    <DatabasePage title="Database Enumerated Types" description="Custom data types with a fixed list of values, usable as column types." testId="database-types-page">
      <EnumTypesView projectRef={ref} />
    </DatabasePage>
  );
}
