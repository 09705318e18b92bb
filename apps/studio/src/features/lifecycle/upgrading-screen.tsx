import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, ChevronDown, Circle, Loader2, XCircle } from 'lucide-react';
import type { Project } from '@plinth/api-contract';
import { Badge } from '../../components/ui/badge.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Tooltip } from '../../components/ui/tooltip.tsx';
import { infrastructureKeys } from '../../data/infrastructure/keys.ts';
import { refreshProject } from '../../data/projects/project-query.ts';
import { useProjectUpgradeStatusQuery } from '../../data/projects/project-upgrade-status-query.ts';
import { formatDateTime, formatUtc } from '../../lib/format.ts';
import { cn } from '../../lib/cn.ts';
import { LifecycleFrame, supportHref } from './lifecycle-frame.tsx';
import { UPGRADE_STEPS, upgradeOutcome, upgradeStepIndex } from './upgrade-steps.ts';

const COLLAPSED_HEIGHT = 110;
const EXPANDED_HEIGHT = 500;
const STEP_HEIGHT = 36;

export function UpgradingScreen({ project }: { project: Project }) {
  const queryClient = useQueryClient();
  const upgrade = useProjectUpgradeStatusQuery(project.ref, true);
  const info = upgrade.data?.databaseUpgradeStatus ?? null;
  const outcome = upgradeOutcome(info?.status);
  const current = upgradeStepIndex(info?.progress);
  const [isExpanded, setIsExpanded] = useState(false);
  const listRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    // Collapsed, the list shows only a window: keep the current step in it.
    if (!isExpanded && listRef.current) listRef.current.scrollTo({ top: Math.max(0, (current - 1) * STEP_HEIGHT), behavior: 'smooth' });
  }, [current, isExpanded]);

  useEffect(() => {
    // Upgraded: the version and the targets open to the project have changed.
    if (outcome === 'upgraded') void queryClient.invalidateQueries({ queryKey: infrastructureKeys.infrastructure(project.ref) });
  }, [outcome, project.ref, queryClient]);

  const returnToProject = () => void refreshProject(queryClient, project.ref);

  if (outcome === 'upgraded') {
    return (
      <LifecycleFrame projectName={project.name} testId="upgrading-screen" badge={<Badge tone="success" dot>Upgraded</Badge>}>
        <div className="flex items-center gap-3">
          <CheckCircle2 className="size-5 text-brand" aria-hidden />
          <p className="font-medium text-fg">Upgrade completed!</p>
        </div>
        <p>Your project has been upgraded to Postgres {String(info?.target_version ?? '')} and is back online.</p>
        <Button variant="primary" onClick={returnToProject}>
          Return to project
        </Button>
      </LifecycleFrame>
    );
  }

  if (outcome === 'failed') {
    const message = [
      `Upgrade initiated at: ${info?.initiated_at ?? 'unknown'}`,
      `Target Postgres version: ${String(info?.target_version ?? 'unknown')}`,
      `Error: ${info?.error ?? 'unknown'}`,
    ].join('\n');
    return (
      <LifecycleFrame projectName={project.name} testId="upgrading-screen" badge={<Badge tone="danger" dot>Upgrade failed</Badge>}>
        <div className="flex items-center gap-3">
          <XCircle className="size-5 text-danger" aria-hidden />
          <p className="font-medium text-fg">We ran into an issue while upgrading your project</p>
        </div>
        <p>Your project is back online and its data is not affected. Please reach out to us via our support form for assistance with the upgrade.</p>
        <div className="flex gap-2">
          <Link
            className={buttonClasses('outline')}
            target="_blank"
            rel="noreferrer"
            to={supportHref({ category: 'Database_unresponsive', ref: project.ref, subject: 'Upgrade failed for project', message })}
          >
            Contact support
          </Link>
          <Button variant="primary" onClick={returnToProject}>
            Return to project
          </Button>
        </div>
      </LifecycleFrame>
    );
  }

  return (
    <LifecycleFrame projectName={project.name} testId="upgrading-screen" badge={<Badge tone="info" dot>Upgrading</Badge>}>
      <p className="font-medium text-fg">Upgrading in progress</p>
      <p>Your project is offline while the database is upgraded. This page updates on its own.</p>
      {info?.initiated_at && (
        <p className="text-xs">
          Started on:{' '}
          <Tooltip content={`${formatDateTime(info.initiated_at)} (local time)`}>
            <span className="cursor-help underline decoration-dotted underline-offset-2">{formatUtc(info.initiated_at)} (UTC)</span>
          </Tooltip>
        </p>
      )}
      <div className="rounded-lg border border-line bg-surface-2/60">
        <ol
          ref={listRef}
          className="overflow-y-auto px-3 py-1 transition-[max-height] duration-300"
          style={{ maxHeight: isExpanded ? EXPANDED_HEIGHT : COLLAPSED_HEIGHT }}
          aria-label="Upgrade steps"
        >
          {UPGRADE_STEPS.map((step, index) => {
            const state = index < current ? 'done' : index === current ? 'current' : 'upcoming';
            return (
              <li key={step.initial} className="flex items-center gap-2.5" style={{ height: STEP_HEIGHT }} aria-current={state === 'current' ? 'step' : undefined}>
                {state === 'done' ? (
                  <CheckCircle2 className="size-4 text-brand" aria-hidden />
                ) : state === 'current' ? (
                  <Loader2 className="size-4 animate-spin text-info" aria-hidden />
                ) : (
                  <Circle className="size-4 text-fg-subtle" aria-hidden />
                )}
                <span className={cn(state === 'current' ? 'text-fg' : state === 'done' ? 'text-fg-muted' : 'text-fg-subtle')}>
                  {state === 'done' ? step.completed : state === 'current' ? step.inProgress : step.initial}
                </span>
              </li>
            );
          })}
        </ol>
        <button
          type="button"
          className="flex w-full items-center justify-center gap-1 border-t border-line py-1.5 text-xs text-fg-muted hover:text-fg"
          onClick={() => setIsExpanded((value) => !value)}
          aria-expanded={isExpanded}
        >
          {isExpanded ? 'Show less' : 'Show all steps'}
          <ChevronDown className={cn('size-3.5 transition-transform', isExpanded && 'rotate-180')} aria-hidden />
        </button>
      </div>
    </LifecycleFrame>
  );
}
