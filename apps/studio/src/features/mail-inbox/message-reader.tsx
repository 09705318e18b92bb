import { useState } from 'react';
import { MailOpen } from 'lucide-react';
import type { MailMessage } from '@plinth/api-contract';
import { SegmentedControl } from '../../components/ui/segmented-control.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { MAIL_SANDBOX, mailDocument } from './mail-document.ts';

type View = 'html' | 'text';
const VIEWS = [
  { value: 'html', label: 'HTML' },
  { value: 'text', label: 'Text' },
] as const;

/** One message: its headers, then its HTML in a sandboxed frame (no scripts) or its plain text. */
export function MessageReader({ message }: { message: MailMessage | null }) {
  const [view, setView] = useState<View>('html');
  if (!message) {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-2 text-sm text-fg-muted" data-testid="mail-reader-placeholder">
        <MailOpen className="size-5 text-fg-subtle" aria-hidden />
        Select a message to read it.
      </div>
    );
  }
  const hasHtml = message.html.trim() !== '';
  const shown: View = hasHtml ? view : 'text';
  return (
    <article className="flex min-w-0 flex-1 flex-col" aria-label={message.subject} data-testid="mail-reader">
      <header className="space-y-1 border-b border-line px-6 py-4">
        <h2 className="text-base font-semibold text-fg">{message.subject || '(no subject)'}</h2>
        <p className="text-sm text-fg-muted">
          To <span className="text-fg">{message.to}</span> · {formatDateTime(message.created_at)}
        </p>
        {hasHtml && <SegmentedControl label="Message format" options={VIEWS} value={view} onChange={setView} className="mt-2" />}
      </header>
      {shown === 'html' ? (
        <iframe
          title={`Email: ${message.subject}`}
          srcDoc={mailDocument(message.html)}
          sandbox={MAIL_SANDBOX}
          referrerPolicy="no-referrer"
          className="min-h-0 flex-1 bg-white"
          data-testid="mail-html"
        />
      ) : (
        <pre className="min-h-0 flex-1 overflow-auto whitespace-pre-wrap break-words px-6 py-4 font-mono text-xs text-fg" data-testid="mail-text">
          {message.text || '(this message has no text part)'}
        </pre>
      )}
    </article>
  );
}
