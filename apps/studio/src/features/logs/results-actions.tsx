import { Check, Copy, Download } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { useCopied } from '../../components/ui/use-copied.ts';
import type { LogRow } from '../../data/logs/log-rows.ts';
import { downloadText, toCsv, toJson } from './log-columns.ts';

/** Copy the shown rows as JSON, or download them as CSV (built on click: a result can be large). */
export function ResultsActions({ rows, fileStem }: { rows: readonly LogRow[]; fileStem: string }) {
  const { isCopied, copy } = useCopied();
  return (
    <div className="flex items-center gap-2">
      <Button size="sm" variant="outline" icon={isCopied ? <Check className="size-3.5 text-brand" /> : <Copy className="size-3.5" />} onClick={() => void copy(toJson(rows))}>
        {isCopied ? 'Copied' : 'Copy as JSON'}
      </Button>
      <Button size="sm" variant="outline" icon={<Download className="size-3.5" />} onClick={() => downloadText(toCsv(rows), `${fileStem}.csv`, 'text/csv')}>
        Download CSV
      </Button>
    </div>
  );
}
