import { Button } from '../../components/ui/button.tsx';

interface LoadOlderFooterProps {
  hasOlder: boolean;
  isLoading: boolean;
  onLoadOlder: () => void;
}

/** Under a newest-first list: "Load older" while the range may hold more. */
export function LoadOlderFooter({ hasOlder, isLoading, onLoadOlder }: LoadOlderFooterProps) {
  return (
    <div className="flex shrink-0 justify-center border-t border-line px-3 py-2">
      {hasOlder ? (
        <Button variant="outline" size="sm" isLoading={isLoading} onClick={onLoadOlder} data-testid="logs-load-older">
          Load older
        </Button>
      ) : (
        <p className="text-xs text-fg-subtle">No older entries in this time range.</p>
      )}
    </div>
  );
}
