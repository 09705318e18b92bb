import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Panel } from '../../components/ui/panel.tsx';
import { useAccountDeleteMutation } from '../../data/preferences/account-delete-mutation.ts';
import { errorMessage, isApiError } from '../../lib/api.ts';

interface BlockingOrganization {
  slug: string;
  name: string;
  other_members: number;
  projects: number;
}

/** The organisations that stop the deletion (the server's list), or none when it failed otherwise. */
function blockingOrganizations(error: unknown): BlockingOrganization[] {
  if (!isApiError(error) || error.code !== 'account_sole_owner') return [];
  const details = error.details as { organizations?: BlockingOrganization[] } | undefined;
  return details?.organizations ?? [];
}

/** Deleting the account: confirmed by typing the email; the server refuses while you are an organisation's only owner. */
export function DeleteAccountPanel({ email }: { email: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const remove = useAccountDeleteMutation();
  const navigate = useNavigate();
  const blocking = blockingOrganizations(remove.error);
  return (
    <Panel tone="danger" title="Delete account" description="Your sessions, access tokens, memberships and profile are deleted. This cannot be undone." testId="delete-account-panel">
      <div className="space-y-4">
        {blocking.length > 0 ? (
          <div role="alert" className="space-y-2 text-sm" data-testid="delete-account-blocked">
            <p className="text-fg">{remove.error?.message}</p>
            <ul className="list-disc space-y-1 pl-5 text-fg-muted">
              {blocking.map((org) => (
                <li key={org.slug}>
                  <a className="text-fg underline" href={`/org/${org.slug}/team`}>
                    {org.name}
                  </a>{' '}
                  ({org.other_members} other member{org.other_members === 1 ? '' : 's'}, {org.projects} project{org.projects === 1 ? '' : 's'})
                </li>
              ))}
            </ul>
          </div>
        ) : (
          remove.isError && (
            <p role="alert" className="text-sm text-danger">
              {errorMessage(remove.error)}
            </p>
          )
        )}
        <Button variant="danger" onClick={() => setIsOpen(true)} data-testid="delete-account">
          Delete account
        </Button>
      </div>
      <ConfirmDialog
        open={isOpen}
        onOpenChange={setIsOpen}
        title="Delete your account"
        description="Organizations you alone make up, with no projects, are deleted with it."
        variant="danger"
        confirmLabel="Delete account"
        confirmValue={email}
        confirmValueLabel={
          <>
            Type <strong>{email}</strong> to confirm
          </>
        }
        isLoading={remove.isPending}
        onConfirm={() =>
          remove.mutate(email, {
            onSuccess: () => void navigate('/sign-in', { replace: true }),
            onSettled: () => setIsOpen(false),
          })
        }
      />
    </Panel>
  );
}
