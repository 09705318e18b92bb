import { createContext, useCallback, useContext, useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';

type Report = (key: string, isDirty: boolean) => void;
const UnsavedContext = createContext<Report>(() => {});

/**
 * One guard per page (a router holds one blocker at a time): any form below it with edits makes
 * leaving the page ask first, and closing or reloading the tab warn.
 */
export function UnsavedChangesGuard({ children }: { children: ReactNode }) {
  // Kept in a ref as well as state: forms report in layout effects, so by the time a form shows
  // itself saved, closing the tab no longer warns (a passive effect could still be pending).
  const dirtyForms = useRef(new Set<string>());
  const [hasUnsaved, setHasUnsaved] = useState(false);
  const report = useCallback<Report>((key, isDirty) => {
    if (isDirty) dirtyForms.current.add(key);
    else dirtyForms.current.delete(key);
    setHasUnsaved(dirtyForms.current.size > 0);
  }, []);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => hasUnsaved && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (dirtyForms.current.size > 0) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);

  return (
    <UnsavedContext.Provider value={report}>
      {children}
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        onOpenChange={(open) => {
          if (!open) blocker.reset?.();
        }}
        title="Discard changes"
        description="There are unsaved changes. Are you sure you want to leave this page? Your changes will be lost."
        confirmLabel="Discard changes"
        cancelLabel="Keep editing"
        variant="danger"
        onConfirm={() => blocker.proceed?.()}
        testId="auth-config-discard-dialog"
      />
    </UnsavedContext.Provider>
  );
}

/** Tells the page's guard whether this form holds unsaved edits. */
export function useReportUnsaved(isDirty: boolean): void {
  const report = useContext(UnsavedContext);
  const key = useId();
  useLayoutEffect(() => {
    report(key, isDirty);
    return () => report(key, false);
  }, [report, key, isDirty]);
}
