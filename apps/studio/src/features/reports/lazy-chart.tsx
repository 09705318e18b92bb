import { lazy, Suspense, type ComponentProps } from 'react';

// recharts is the largest part of a report page: its chunk loads with the first chart shown.
const ReportChart = lazy(() => import('./report-charts.tsx'));

export function LazyReportChart(props: ComponentProps<typeof ReportChart>) {
  const height = props.height ?? 224;
  return (
    <Suspense fallback={<div style={{ height }} className="animate-pulse rounded-md bg-surface-2" aria-label="Loading chart" />}>
      <ReportChart {...props} />
    </Suspense>
  );
}
