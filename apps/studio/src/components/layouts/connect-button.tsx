import { lazy, Suspense, useState } from 'react';
import { Plug } from 'lucide-react';
import { useParams } from 'react-router';
import { Button } from '../ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '../ui/dialog.tsx';
import { LoadingArea } from '../ui/spinner.tsx';

// Its own chunk: the header must not pull the connection strings into every project page.
const ConnectView = lazy(async () => ({ default: (await import('../../features/database-settings/connect-dialog.tsx')).ConnectView }));

/** The header's 'Connect' button: the project's connection strings, as Settings > Database shows them. */
export function ConnectButton() {
  const { ref = '' } = useParams();
  const [isOpen, setIsOpen] = useState(false);
  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" icon={<Plug className="size-3.5" />} data-testid="connect-button">
          Connect
        </Button>
      </DialogTrigger>
      <DialogContent title="Connect to your project" description="Connection strings for the database, by connection type and client." size="xl" testId="connect-dialog">
        {isOpen && (
          <Suspense fallback={<LoadingArea label="Loading connection strings" />}>
            <ConnectView projectRef={ref} />
          </Suspense>
        )}
      </DialogContent>
    </Dialog>
  );
}
