import { useEffect, useState } from 'react';
import { toast } from 'sonner';

/** Spec §9: the copied label resets after 2 s. */
export const COPIED_RESET_MS = 2000;

/** Copies text to the clipboard and reports "copied" for 2 s. */
export function useCopied(): { isCopied: boolean; copy: (text: string) => Promise<void> } {
  const [isCopied, setIsCopied] = useState(false);
  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setIsCopied(false), COPIED_RESET_MS);
    return () => clearTimeout(timer);
  }, [isCopied]);

  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text);
      setIsCopied(true);
    } catch {
      toast.error('Could not copy to the clipboard');
    }
  }
  return { isCopied, copy };
}
