import { MoreVertical } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from './dropdown-menu.tsx';

/** The "⋮" menu at the end of a list row; `label` names the row for screen readers and tests. */
export function RowActionsMenu({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button size="sm" variant="ghost" aria-label={label} icon={<MoreVertical className="size-4" />} />
      </DropdownMenuTrigger>
      <DropdownMenuContent>{children}</DropdownMenuContent>
    </DropdownMenu>
  );
}
