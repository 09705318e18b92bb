import { useState } from 'react';
import { Link } from 'react-router';
import { Inbox, RefreshCw, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { Action, Resource } from '@plinth/permissions';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { NoPermission } from '../../components/ui/no-permission.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { LoadingArea } from '../../components/ui/spinner.tsx';
import { DisabledTooltip } from '../../components/ui/tooltip.tsx';
import { useInboxClearMutation } from '../../data/mail/inbox-clear-mutation.ts';
import { useInboxQuery } from '../../data/mail/inbox-query.ts';
import { useProjectCan } from '../../data/pg-meta/project-permissions.ts';
import { useProjectRole } from '../../data/sql/project-role.ts';
import { errorMessage } from '../../lib/api.ts';
import { newestFirst } from './mail-document.ts';
import { MessageList } from './message-list.tsx';
import { MessageReader } from './message-reader.tsx';

const CLEAR_PERMISSION_MESSAGE = 'You need additional permissions to clear the inbox';

/**
 * Authentication > Mail Inbox: the built-in mail catcher's messages. While no SMTP server is set
 * every email the project sends lands here, so sign-up, magic link and recovery flows work on a fresh
 * install. Reading needs the same permission as reading users (the messages hold sign-in links).
 */
export function InboxView({ projectRef }: { projectRef: string }) {
  const { isLoading: isRoleLoading } = useProjectRole(projectRef);
  const canRead = useProjectCan(projectRef, Action.TENANT_SQL_ADMIN_READ, Resource.AUTH_USERS);
  const canClear = useProjectCan(projectRef, Action.TENANT_SQL_ADMIN_WRITE, Resource.AUTH_USERS);
  const inbox = useInboxQuery(projectRef, { enabled: canRead });
  const clear = useInboxClearMutation(projectRef);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);

  if (isRoleLoading) return <LoadingArea label="Loading inbox" />;
  if (!canRead) {
    return (
      <div className="p-6">
        <NoPermission action="read this project's mail" />
      </div>
    );
  }

  const messages = newestFirst(inbox.data ?? []);
  const selected = messages.find((message) => message.id === selectedId) ?? null;

  function confirmClear() {
    clear.mutate(undefined, {
      onSuccess: () => {
        toast.success('Inbox cleared');
        setSelectedId(null);
        setIsConfirming(false);
      },
      onError: (error) => toast.error(`Failed to clear the inbox: ${errorMessage(error)}`),
    });
  }

  return (
    <div className="flex h-full min-h-0 flex-col" data-testid="mail-inbox-page">
      <div className="flex flex-wrap items-start justify-between gap-4 border-b border-line px-6 pb-4 pt-6">
        <div className="max-w-3xl space-y-1">
          <h1 className="text-xl font-semibold tracking-tight text-fg">Mail Inbox</h1>
          <p className="text-sm text-fg-muted" data-testid="mail-inbox-explanation">
            While no SMTP server is set, Plinth's built-in mail catcher keeps every email this project sends for a week (confirmations, magic links,
            invitations, password recoveries) here instead of delivering it. To deliver them, set up SMTP in{' '}
            <Link to={`/project/${projectRef}/settings/auth`} className="text-brand underline-offset-2 hover:underline">
              Authentication settings
            </Link>
            .
          </p>
        </div>
        <div className="flex items-center gap-2">
          <Button variant="outline" icon={<RefreshCw className={inbox.isFetching ? 'size-3.5 animate-spin' : 'size-3.5'} />} onClick={() => void inbox.refetch()}>
            Refresh
          </Button>
          <DisabledTooltip content={CLEAR_PERMISSION_MESSAGE} isDisabled={!canClear}>
            <Button variant="outline" icon={<Trash2 className="size-3.5" />} disabled={!canClear || messages.length === 0} onClick={() => setIsConfirming(true)}>
              Clear inbox
            </Button>
          </DisabledTooltip>
        </div>
      </div>

      {inbox.isLoading ? (
        <SkeletonRows rows={5} className="p-6" />
      ) : inbox.error ? (
        <ErrorState className="m-6" error={inbox.error} title="Failed to load the inbox" onRetry={() => void inbox.refetch()} />
      ) : messages.length === 0 ? (
        <EmptyState
          className="m-6"
          icon={<Inbox />}
          title="No emails yet"
          description="Emails the project sends (sign-up confirmations, magic links, invitations, password recoveries) appear here."
          testId="mail-inbox-empty"
        />
      ) : (
        <div className="flex min-h-0 flex-1">
          <MessageList messages={messages} selectedId={selected?.id ?? null} onSelect={setSelectedId} />
          <MessageReader message={selected} />
        </div>
      )}

      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title="Clear the inbox"
        description={`All ${messages.length} ${messages.length === 1 ? 'message' : 'messages'} will be deleted. Links in them keep working until they expire.`}
        confirmLabel="Clear inbox"
        variant="danger"
        isLoading={clear.isPending}
        onConfirm={confirmClear}
        testId="clear-inbox-dialog"
      />
    </div>
  );
}
