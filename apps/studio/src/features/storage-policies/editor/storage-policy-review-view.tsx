import type { StoragePolicyStatement } from '../storage-policy-form.ts';

/** The exact SQL of each policy the save creates, one per allowed operation. */
export function StoragePolicyReviewView({ statements }: { statements: StoragePolicyStatement[] }) {
  return (
    <div className="space-y-4 px-5 py-5" data-testid="storage-policy-view-review">
      <p className="text-sm text-fg-muted">
        These statements will run against your database, one policy per allowed operation. The suffix after your policy name (
        <code className="font-mono text-xs text-fg">[hash]_[number]</code>) only keeps the names unique: the hash stands for the bucket, the number for the
        operation.
      </p>
      <ul className="space-y-4">
        {statements.map((statement) => (
          <li key={statement.operation} className="space-y-1.5">
            <p className="text-sm text-fg">{statement.description}</p>
            <pre
              className="overflow-x-auto whitespace-pre-wrap break-words rounded-md border border-line bg-surface-2 p-3 font-mono text-xs leading-relaxed text-fg"
              data-testid={`storage-policy-review-sql-${statement.operation}`}
            >
              {statement.sql}
            </pre>
          </li>
        ))}
      </ul>
    </div>
  );
}
