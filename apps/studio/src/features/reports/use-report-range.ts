import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useProjectPlan } from '../logs/use-project-plan.ts';
import { DEFAULT_REPORT_RANGE, isReportRangeId, resolveReportRange, type ReportRangeId } from './report-range.ts';

/**
 * A report page's range: `?range=` (so a link keeps it), resolved against the moment the page was
 * opened, refreshed, or the range was changed. Every panel reads the same start and end.
 */
export function useReportRange(projectRef: string) {
  const { plan, slug } = useProjectPlan(projectRef);
  const [params, setParams] = useSearchParams();
  const raw = params.get('range');
  const id: ReportRangeId = isReportRangeId(raw) ? raw : DEFAULT_REPORT_RANGE;
  const [now, setNow] = useState(() => Date.now());
  const range = useMemo(() => resolveReportRange(id, plan, now), [id, plan, now]);

  const setRangeId = useCallback(
    (next: ReportRangeId) => {
      setNow(Date.now());
      setParams((current) => {
        const updated = new URLSearchParams(current);
        updated.set('range', next);
        return updated;
      }, { replace: true });
    },
    [setParams],
  );
  /** Reads every panel again up to now (a new range means new queries). */
  const refresh = useCallback(() => setNow(Date.now()), []);

  return { range, plan, slug, setRangeId, refresh };
}

export type ReportRangeState = ReturnType<typeof useReportRange>;
