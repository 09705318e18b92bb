import { useState } from 'react';
import { ChevronDown, KeyRound, RefreshCw } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../components/ui/dropdown-menu.tsx';
import { Field, Input } from '../../components/ui/input.tsx';
import { DisabledTooltip } from '../../components/ui/tooltip.tsx';
import { useJwtSecretUpdateMutation } from '../../data/api-settings/jwt-secret-update-mutation.ts';
import { errorMessage } from '../../lib/api.ts';
import { JWT_SECRET_UPDATING } from './key-messages.ts';

export const MIN_JWT_SECRET_LENGTH = 32;

export function validateJwtSecret(secret: string): string | null {
  if (secret.length < MIN_JWT_SECRET_LENGTH) return `The JWT secret must be at least ${MIN_JWT_SECRET_LENGTH} characters`;
  return null;
}

function RotationWarning() {
  return (
    <div role="note" className="rounded-md border border-warning/30 bg-warning/5 px-3 py-2.5 text-sm text-fg-muted" data-testid="jwt-rotation-warning">
      <p className="font-medium text-fg">This invalidates all existing API keys and user sessions.</p>
      <p className="mt-1">
        The anon and service_role keys are signed again with the new secret. Every app and server using the current keys stops working until it
        uses the new ones, and every signed-in user is signed out.
      </p>
    </div>
  );
}

interface JwtSecretRotationProps {
  projectRef: string;
  canUpdate: boolean;
  isUpdating: boolean;
}

/** 'Generate a new JWT secret': a random one or your own, each after a confirmation. */
export function JwtSecretRotation({ projectRef, canUpdate, isUpdating }: JwtSecretRotationProps) {
  const update = useJwtSecretUpdateMutation(projectRef);
  const [dialog, setDialog] = useState<'random' | 'custom' | null>(null);
  const [secret, setSecret] = useState('');
  const [isTouched, setIsTouched] = useState(false);
  const error = validateJwtSecret(secret);

  function rotate(jwtSecret?: string) {
    update.mutate(
      { jwtSecret },
      {
        onSuccess: () => {
          setDialog(null);
          toast.info(JWT_SECRET_UPDATING);
        },
        onError: (e) => toast.error('Failed to update JWT secret', { description: errorMessage(e) }),
      },
    );
  }

  function open(kind: 'random' | 'custom') {
    setSecret('');
    setIsTouched(false);
    setDialog(kind);
  }

  const reason = !canUpdate ? 'You need additional permissions to generate a new JWT secret' : isUpdating ? JWT_SECRET_UPDATING : null;
  return (
    <>
      <DropdownMenu>
        <DisabledTooltip isDisabled={!!reason} content={reason}>
          <DropdownMenuTrigger asChild>
            <Button variant="warning" size="sm" disabled={!!reason} icon={<RefreshCw className="size-3.5" />} data-testid="jwt-secret-generate">
              Generate a new JWT secret
              <ChevronDown className="size-3.5" aria-hidden />
            </Button>
          </DropdownMenuTrigger>
        </DisabledTooltip>
        <DropdownMenuContent align="start">
          <DropdownMenuItem icon={<RefreshCw />} onSelect={() => open('random')}>
            Generate a random secret
          </DropdownMenuItem>
          <DropdownMenuItem icon={<KeyRound />} onSelect={() => open('custom')}>
            Set your own secret
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>

      <ConfirmDialog
        open={dialog === 'random'}
        onOpenChange={(next) => !next && setDialog(null)}
        title="Generate a new JWT secret?"
        description="A new random secret replaces the current one."
        confirmLabel="Generate new secret"
        variant="danger"
        isLoading={update.isPending}
        onConfirm={() => rotate()}
        testId="jwt-random-dialog"
      >
        <RotationWarning />
      </ConfirmDialog>

      <ConfirmDialog
        open={dialog === 'custom'}
        onOpenChange={(next) => !next && setDialog(null)}
        title="Set your own JWT secret"
        description="Your secret replaces the current one; keep a copy somewhere safe."
        confirmLabel="Apply new secret"
        variant="danger"
        isLoading={update.isPending}
        onConfirm={() => {
          setIsTouched(true);
          if (!error) rotate(secret);
        }}
        testId="jwt-custom-dialog"
      >
        <Field label="Custom JWT secret" description={`At least ${MIN_JWT_SECRET_LENGTH} characters.`} error={isTouched ? error : null}>
          {(props) => (
            <Input
              {...props}
              autoFocus
              autoComplete="off"
              spellCheck={false}
              className="font-mono"
              value={secret}
              onChange={(e) => setSecret(e.target.value)}
              onBlur={() => setIsTouched(true)}
              data-testid="jwt-custom-secret"
            />
          )}
        </Field>
        <RotationWarning />
      </ConfirmDialog>
    </>
  );
}
