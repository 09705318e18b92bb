import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from './button.tsx';

/** Copies `value`; the copied state reverts after 2 s. */
export function CopyButton({ value, label = 'Copy' }: { value: string; label?: string }) {
  const [isCopied, setIsCopied] = useState(false);
  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setIsCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [isCopied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setIsCopied(true);
    } catch {
      toast.error('Could not copy to the clipboard');
    }
  }

  return (
    <Button size="sm" variant="outline" onClick={copy} icon={isCopied ? <Check className="size-3.5 text-brand" /> : <Copy className="size-3.5" />}>
      {isCopied ? 'Copied' : label}
    </Button>
  );
}
