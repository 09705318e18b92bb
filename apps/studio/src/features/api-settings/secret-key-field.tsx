import { useState } from 'react';
import { Check, Copy, Eye, EyeOff } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { DisabledTooltip } from '../../components/ui/tooltip.tsx';
import { useCopied } from '../../components/ui/use-copied.ts';
import type { ApiKey } from '../../data/api-keys/api-keys-query.ts';
import { fetchRevealedApiKey, useRevealedApiKeyQuery } from '../../data/api-keys/api-key-reveal-query.ts';
import { errorMessage } from '../../lib/api.ts';

interface SecretKeyFieldProps {
  projectRef: string;
  apiKey: ApiKey;
  /** Why Reveal and Copy are off (no permission to read secrets); null when allowed. */
  blockedReason: string | null;
}

/**
 * A secret key, masked after its prefix. Reveal and Copy ask the server for the key itself
 * (?reveal=true) only when used, so secrets nobody looked at never reach the page.
 */
export function SecretKeyField({ projectRef, apiKey, blockedReason }: SecretKeyFieldProps) {
  const queryClient = useQueryClient();
  const [isRevealed, setIsRevealed] = useState(false);
  const revealed = useRevealedApiKeyQuery(projectRef, apiKey.id, { enabled: isRevealed });
  const { isCopied, copy } = useCopied();
  const shown = isRevealed && revealed.data ? revealed.data.api_key : apiKey.api_key;
  const testId = `secret-key-${apiKey.name}`;

  async function copyKey() {
    try {
      await copy((await fetchRevealedApiKey(queryClient, projectRef, apiKey.id)).api_key);
    } catch (error) {
      toast.error('Failed to copy the secret key', { description: errorMessage(error) });
    }
  }

  return (
    <div className="flex min-w-0 items-center gap-2">
      <input
        readOnly
        aria-label={`${apiKey.name} secret key`}
        value={shown}
        data-testid={testId}
        data-state={isRevealed && revealed.data ? 'shown' : 'hidden'}
        className="h-9 min-w-0 flex-1 truncate rounded-md border border-line-strong bg-surface-2 px-3 font-mono text-xs text-fg focus:outline-none"
      />
      <DisabledTooltip isDisabled={!!blockedReason} content={blockedReason}>
        <Button
          size="sm"
          variant="outline"
          disabled={!!blockedReason}
          isLoading={isRevealed && revealed.isFetching}
          onClick={() => setIsRevealed((value) => !value)}
          icon={isRevealed ? <EyeOff className="size-3.5" /> : <Eye className="size-3.5" />}
          data-testid={`${testId}-reveal`}
        >
          {isRevealed ? 'Hide' : 'Reveal'}
        </Button>
      </DisabledTooltip>
      <DisabledTooltip isDisabled={!!blockedReason} content={blockedReason}>
        <Button
          size="sm"
          variant="outline"
          disabled={!!blockedReason}
          onClick={() => void copyKey()}
          icon={isCopied ? <Check className="size-3.5 text-brand" /> : <Copy className="size-3.5" />}
          data-testid={`${testId}-copy`}
        >
          {isCopied ? 'Copied' : 'Copy'}
        </Button>
      </DisabledTooltip>
    </div>
  );
}
