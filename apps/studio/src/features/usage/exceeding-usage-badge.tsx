import { Badge } from '../../components/ui/badge.tsx';
import { useOrganizationUsageQuery } from '../../data/usage/usage-query.ts';
import { isExceedingUsageLimits } from './usage-figures.ts';

/** "Exceeding usage limits" beside an organisation (project list) when the §9 rule holds; nothing otherwise. */
export function ExceedingUsageBadge({ slug }: { slug: string }) {
  const usage = useOrganizationUsageQuery(slug);
  if (!isExceedingUsageLimits(usage.data)) return null;
  return (
    <span data-testid={`exceeding-usage-${slug}`}>
      <Badge tone="danger">Exceeding usage limits</Badge>
    </span>
  );
}
