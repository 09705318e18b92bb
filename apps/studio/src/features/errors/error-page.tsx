import { AlertOctagon } from 'lucide-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isApiError } from '../../lib/api.ts';
import { ButtonLink } from '../../components/ui/button.tsx';
import { LogoMark } from '../../components/ui/logo.tsx';
import { NotFoundPage } from './not-found-page.tsx';

interface Described {
  code: string | null;
  message: string;
}

function describe(error: unknown): Described {
  if (isApiError(error)) return { code: error.code, message: error.message };
  if (isRouteErrorResponse(error)) {
    const message = typeof error.data === 'string' && error.data ? error.data : error.statusText || 'The page could not be loaded.';
    return { code: String(error.status), message };
  }
  if (error instanceof Error) {
    // A chunk that no longer exists after an upgrade of the platform.
    if (/dynamically imported module|Importing a module script failed/i.test(error.message)) {
      return { code: 'chunk_load_failed', message: 'Part of the dashboard could not be loaded. Reload the page to get the latest version.' };
    }
    return { code: error.name && error.name !== 'Error' ? error.name : null, message: error.message };
  }
  return { code: null, message: 'An unexpected error occurred.' };
}

/** The generic error page (spec §8): "Something went wrong", the code and message, links to /projects and /support/new. */
export function ErrorPage({ error, isFullPage = true }: { error: unknown; isFullPage?: boolean }) {
  const { code, message } = describe(error);
  const supportHref = `/support/new?${new URLSearchParams({ category: 'Problem', subject: 'Something went wrong', message: `${code ? `[${code}] ` : ''}${message}` })}`;
  return (
    <div className={isFullPage ? 'flex min-h-full items-center justify-center bg-canvas px-6 py-16' : 'flex items-center justify-center px-6 py-16'}>
      <div className="w-full max-w-lg text-center" data-testid="error-page">
        {isFullPage && <LogoMark className="mx-auto mb-8 size-9" />}
        <div className="mx-auto mb-5 flex size-12 items-center justify-center rounded-full bg-danger/10 text-danger">
          <AlertOctagon className="size-6" aria-hidden />
        </div>
        <h1 className="text-xl font-semibold text-fg">Something went wrong</h1>
        <p className="mt-2 text-sm text-fg-muted">{message}</p>
        {code && (
          <p className="mt-3 inline-block rounded-md border border-line bg-surface-2 px-2 py-1 font-mono text-xs text-fg-subtle">
            Error code: {code}
          </p>
        )}
        <div className="mt-8 flex justify-center gap-2">
          <ButtonLink to="/projects" variant="default">
            Head back to projects
          </ButtonLink>
          <ButtonLink to={supportHref} variant="outline">
            Contact support
          </ButtonLink>
        </div>
      </div>
    </div>
  );
}

/** The router's errorElement. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <ErrorPage error={error} />;
}
