import { Compass } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button.tsx';
import { LogoMark } from '../../components/ui/logo.tsx';

export function NotFoundPage({ isFullPage = true }: { isFullPage?: boolean }) {
  return (
    <div className={isFullPage ? 'flex min-h-full items-center justify-center bg-canvas px-6 py-16' : 'flex items-center justify-center px-6 py-16'}>
      <div className="w-full max-w-md text-center" data-testid="not-found">
        {isFullPage && <LogoMark className="mx-auto mb-8 size-9" />}
        <div className="mx-auto mb-5 flex size-12 items-center justify-center rounded-full bg-surface-3 text-fg-muted">
          <Compass className="size-6" aria-hidden />
        </div>
        <p className="font-mono text-xs text-fg-subtle">404</p>
        <h1 className="mt-1 text-xl font-semibold text-fg">Page not found</h1>
        <p className="mt-2 text-sm text-fg-muted">The page you are looking for does not exist, or you do not have access to it.</p>
        <div className="mt-8 flex justify-center">
          <ButtonLink to="/projects">Head back to projects</ButtonLink>
        </div>
      </div>
    </div>
  );
}
