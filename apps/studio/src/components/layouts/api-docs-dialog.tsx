import { BookOpen } from 'lucide-react';
import { Button } from '../ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '../ui/dialog.tsx';

/** The header's 'API Docs' button. The docs dialog itself arrives in a later release. */
export function ApiDocsButton() {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" icon={<BookOpen className="size-3.5" />}>
          API Docs
        </Button>
      </DialogTrigger>
      <DialogContent title="API Docs" size="xl" testId="api-docs-dialog">
        <div className="flex flex-col items-center justify-center py-12 text-center">
          <div className="mb-4 flex size-11 items-center justify-center rounded-full bg-surface-3 text-fg-muted">
            <BookOpen className="size-5" aria-hidden />
          </div>
          <p className="text-sm font-medium text-fg">The API docs are not available yet in Plinth.</p>
          <p className="mt-1.5 max-w-md text-sm text-fg-muted">
            Your project already speaks the supabase-js v2 wire API. Its URL and anon key are on the project home page.
          </p>
        </div>
      </DialogContent>
    </Dialog>
  );
}
