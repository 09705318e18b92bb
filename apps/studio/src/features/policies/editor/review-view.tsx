import type { PolicyReview } from '../policy-form.ts';

/** The exact SQL that will run, or the notice that there is nothing to save. */
export function ReviewView({ review }: { review: PolicyReview }) {
  const hasNoChanges = review.kind === 'update' && !review.hasChanges;
  return (
    <div className="space-y-3 px-5 py-5" data-testid="policy-view-review">
      {hasNoChanges ? (
        <p className="rounded-md border border-line bg-surface-2 px-3 py-3 text-sm text-fg-muted" data-testid="policy-no-changes">
          There are no changes made to this policy
        </p>
      ) : (
        <>
          <p className="text-sm text-fg-muted">This is the SQL that will run against your database:</p>
          <pre className="overflow-x-auto whitespace-pre-wrap break-words rounded-md border border-line bg-surface-2 p-3 font-mono text-xs leading-relaxed text-fg" data-testid="policy-review-sql">
            {review.sql}
          </pre>
        </>
      )}
    </div>
  );
}
