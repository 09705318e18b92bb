import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { SegmentedControl } from '../../components/ui/segmented-control.tsx';
import { useSigningKeyCreateMutation, type SigningKeyCreate } from '../../data/api-keys/signing-key-create-mutation.ts';
import { errorMessage } from '../../lib/api.ts';

const ALGORITHMS = [
  { value: 'ES256', label: 'ECC (P-256)' },
  { value: 'RS256', label: 'RSA (2048 bit)' },
] as const satisfies readonly { value: SigningKeyCreate['algorithm']; label: string }[];

const ALGORITHM_NOTES: Record<SigningKeyCreate['algorithm'], string> = {
  ES256: 'Recommended: small, fast signatures that every modern JWT library verifies.',
  RS256: 'Widely supported by older libraries; larger keys and signatures.',
};

/** Creates a standby key: published at once, it signs nothing until it is made current. */
export function SigningKeyCreateDialog({ projectRef, open, onOpenChange }: { projectRef: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const create = useSigningKeyCreateMutation(projectRef);
  const [algorithm, setAlgorithm] = useState<SigningKeyCreate['algorithm']>('ES256');

  function submit() {
    create.mutate(
      { algorithm },
      {
        onSuccess: () => {
          toast.success('Standby key created');
          onOpenChange(false);
        },
        onError: (error) => toast.error('Failed to create signing key', { description: errorMessage(error) }),
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !create.isPending && onOpenChange(next)}>
      <DialogContent
        title="Create a standby key"
        description="Apps that verify tokens with your JWKS learn the new public key now, before it signs anything. Rotate to it when you are ready."
        testId="signing-key-create-dialog"
        footer={
          <>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={create.isPending}>
              Cancel
            </Button>
            <Button variant="primary" onClick={submit} isLoading={create.isPending} data-testid="signing-key-create-confirm">
              Create standby key
            </Button>
          </>
        }
      >
        <div className="space-y-2">
          <p className="text-sm font-medium text-fg">Algorithm</p>
          <SegmentedControl label="Algorithm" options={ALGORITHMS} value={algorithm} onChange={setAlgorithm} />
          <p className="text-xs text-fg-subtle">{ALGORITHM_NOTES[algorithm]}</p>
        </div>
      </DialogContent>
    </Dialog>
  );
}
