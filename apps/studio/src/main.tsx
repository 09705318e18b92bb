import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import './index.css';
import { TooltipProvider } from './components/ui/tooltip.tsx';
import { applyCachedTheme, ThemeSync } from './features/account/theme-sync.tsx';
import { createQueryClient } from './data/query-client.ts';
import { useAuthEventsSync } from './data/auth/session-query.ts';
import { setUnauthorizedHandler } from './lib/api.ts';
import { auth } from './lib/auth.ts';
import { withReturnTo } from './lib/return-to.ts';
import { router } from './routes.tsx';

applyCachedTheme();
const queryClient = createQueryClient();

let isRedirecting = false;
/** A 401 from the platform API: MFA still owed -> /sign-in-mfa; anything else -> signed out, /sign-in. */
setUnauthorizedHandler((error) => {
  if (isRedirecting) return;
  const { pathname, search } = router.state.location;
  if (pathname.startsWith('/sign-in') || pathname.startsWith('/sign-up')) return;
  const here = pathname + search;
  isRedirecting = true;
  const done = () => {
    isRedirecting = false;
  };
  if (error.code === 'insufficient_aal') {
    void router.navigate(withReturnTo('/sign-in-mfa', here), { replace: true }).finally(done);
    return;
  }
  void auth
    .signOut({ scope: 'local' })
    .then(() => router.navigate(withReturnTo('/sign-in', here), { replace: true }))
    .finally(done);
});

function AuthEvents() {
  useAuthEventsSync();
  return null;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <TooltipProvider delayDuration={150}>
        <AuthEvents />
        <ThemeSync />
        <RouterProvider router={router} />
        <Toaster theme="dark" position="bottom-right" richColors closeButton toastOptions={{ className: 'text-sm' }} />
      </TooltipProvider>
    </QueryClientProvider>
  </StrictMode>,
);
