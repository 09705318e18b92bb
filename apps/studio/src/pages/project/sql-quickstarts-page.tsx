import { useParams } from 'react-router';
import { SqlEditorLayout } from '../../features/sql-editor/sql-editor-layout.tsx';
import { SQL_QUICKSTARTS } from '../../features/sql-editor/quickstarts.ts';
import { useSqlAccess } from '../../features/sql-editor/sql-access.ts';
import { TemplateGallery } from '../../features/sql-editor/template-gallery.tsx';

/** /project/{ref}/sql/quickstarts */
export default function SqlQuickstartsPage() {
  const { ref = '' } = useParams();
  const { canCreate } = useSqlAccess(ref);
  return (
    <SqlEditorLayout projectRef={ref}>
      <TemplateGallery
        projectRef={ref}
        title="Quickstarts"
        description="Small complete schemas with sample data and row level security, ready to use from your app."
        templates={SQL_QUICKSTARTS}
        canCreate={canCreate}
        testId="sql-quickstarts"
      />
    </SqlEditorLayout>
  );
}
