import { useParams, useSearchParams } from 'react-router';
import { DatabasePage } from '../../../features/database/shared/database-page.tsx';
import { useSelectedSchema } from '../../../features/database/shared/use-selected-schema.ts';
import { TableColumnsView } from '../../../features/database/tables/table-columns-view.tsx';
import { TablesList } from '../../../features/database/tables/tables-list.tsx';

/** /database/tables, and ?table={id} for one table's columns. */
export default function DatabaseTablesPage() {
  const { ref = '' } = useParams();
  const [schema, setSchema] = useSelectedSchema();
  const [params, setParams] = useSearchParams();
  const tableId = Number(params.get('table')) || undefined;

  function openTable(id: number | undefined) {
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id === undefined) next.delete('table');
      else next.set('table', String(id));
      return next;
    });
  }

  return (
    <DatabasePage title="Tables" description="The tables of your database: their columns, keys and relationships." testId="database-tables-page">
      {tableId !== undefined ? (
        <TableColumnsView projectRef={ref} tableId={tableId} onBack={() => openTable(undefined)} />
      ) : (
        <TablesList projectRef={ref} schema={schema} onSchemaChange={setSchema} onOpenTable={openTable} />
      )}
    </DatabasePage>
  );
}
