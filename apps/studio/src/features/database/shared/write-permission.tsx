import type { ReactNode } from 'react';
import { Action, Resource } from '@plinth/permissions';
import { DisabledTooltip } from '../../../components/ui/tooltip.tsx';
import { useProjectCan } from '../../../data/pg-meta/project-permissions.ts';

/** Whether the caller may change the project's database (TENANT_SQL_ADMIN_WRITE). */
export function useCanWriteDatabase(projectRef: string): boolean {
  return useProjectCan(projectRef, Action.TENANT_SQL_ADMIN_WRITE, Resource.TABLES);
}

/**
 * Wraps a control that needs write access: disabled with the spec's generic tooltip wording
 * ("You need additional permissions to {action}") when the caller lacks it.
 */
export function NeedsWrite({ canWrite, action, children }: { canWrite: boolean; action: string; children: ReactNode }) {
  return (
    <DisabledTooltip content={`You need additional permissions to ${action}`} isDisabled={!canWrite}>
      {children}
    </DisabledTooltip>
  );
}
