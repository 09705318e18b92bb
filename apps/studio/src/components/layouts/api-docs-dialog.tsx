import { lazy, Suspense, useEffect, useState } from 'react';
import { BookOpen } from 'lucide-react';
import { useLocation, useParams } from 'react-router';
import { Button } from '../ui/button.tsx';
import { Dialog, DialogTrigger } from '../ui/dialog.tsx';
import { LoadingArea } from '../ui/spinner.tsx';
import { WideDialogContent } from '../ui/wide-dialog.tsx';
import { START, type DocsLocation } from '../../features/api-docs/docs-location.ts';

// The docs are their own chunk: the header button must not pull them into every project page.
const ApiDocsView = lazy(async () => ({ default: (await import('../../features/api-docs/api-docs-view.tsx')).ApiDocsView }));

/** The header's 'API Docs' button and its extra-large docs dialog. */
export function ApiDocsButton() {
  const { ref = '' } = useParams();
  const { pathname } = useLocation();
  const [isOpen, setIsOpen] = useState(false);
  // Where the reader was is kept between openings, like a book left open.
  const [location, setLocation] = useState<DocsLocation>(START);
  // A link inside the docs (GraphiQL) leaves the page: the dialog goes with it.
  useEffect(() => setIsOpen(false), [pathname]);

  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" icon={<BookOpen className="size-3.5" />} data-testid="api-docs-button">
          API Docs
        </Button>
      </DialogTrigger>
      <WideDialogContent title="API Docs" testId="api-docs-dialog">
        <Suspense fallback={<LoadingArea label="Loading API docs" />}>
          <ApiDocsView projectRef={ref} location={location} onNavigate={setLocation} />
        </Suspense>
      </WideDialogContent>
    </Dialog>
  );
}
