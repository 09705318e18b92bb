import { useParams } from 'react-router';
import { SqlEditorLayout } from '../../features/sql-editor/sql-editor-layout.tsx';
import { useSqlAccess } from '../../features/sql-editor/sql-access.ts';
import { TemplateGallery } from '../../features/sql-editor/template-gallery.tsx';
import { SQL_TEMPLATES } from '../../features/sql-editor/templates.ts';

/** /project/{ref}/sql/templates */
export default function SqlTemplatesPage() {
  const { ref = '' } = useParams();
  const { canCreate } = useSqlAccess(ref);
  return (
    <SqlEditorLayout projectRef={ref}>
      <TemplateGallery
        projectRef={ref}
        title="Templates"
        description="Common queries and patterns to start from. Each opens as a new query you can read, change and run."
        templates={SQL_TEMPLATES}
        canCreate={canCreate}
        testId="sql-templates"
      />
    </SqlEditorLayout>
  );
}
