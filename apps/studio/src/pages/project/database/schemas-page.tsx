import { useParams } from 'react-router';
import { DatabasePage } from '../../../features/database/shared/database-page.tsx';
import { SchemaVisualizer } from '../../../features/database/schemas/schema-visualizer.tsx';

export default function DatabaseSchemasPage() {
  const { ref = '' } = useParams();
  return (
    <DatabasePage title="Schema Visualizer" description="Your tables, their columns and the foreign keys between them." testId="database-schemas-page">
      <SchemaVisualizer projectRef={ref} />
    </DatabasePage>
  );
}
