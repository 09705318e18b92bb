import * as RadixContext from '@radix-ui/react-context-menu';
import * as RadixDropdown from '@radix-ui/react-dropdown-menu';
import { Check, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

/**
 * The parts a menu is built from. Dropdown and context menus share their shape in Radix but each
 * needs its own parts, so menu contents take a kit and render the same for both.
 */
export const dropdownKit = {
  Item: RadixDropdown.Item,
  Sub: RadixDropdown.Sub,
  SubTrigger: RadixDropdown.SubTrigger,
  SubContent: RadixDropdown.SubContent,
  Portal: RadixDropdown.Portal,
  RadioGroup: RadixDropdown.RadioGroup,
  RadioItem: RadixDropdown.RadioItem,
  ItemIndicator: RadixDropdown.ItemIndicator,
  Separator: RadixDropdown.Separator,
};
export type MenuKit = typeof dropdownKit;

export const contextKit: MenuKit = {
  Item: RadixContext.Item,
  Sub: RadixContext.Sub,
  SubTrigger: RadixContext.SubTrigger,
  SubContent: RadixContext.SubContent,
  Portal: RadixContext.Portal,
  RadioGroup: RadixContext.RadioGroup,
  RadioItem: RadixContext.RadioItem,
  ItemIndicator: RadixContext.ItemIndicator,
  Separator: RadixContext.Separator,
};

export const menuContentClass = 'z-50 min-w-48 rounded-lg border border-line-strong bg-surface-2 p-1 shadow-xl';
const itemClass =
  'flex cursor-pointer select-none items-center gap-2 rounded-md px-2 py-1.5 text-sm text-fg outline-none ' +
  'data-[highlighted]:bg-surface-3 data-[state=open]:bg-surface-3 data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50';

export function MenuItem({ kit, icon, children, onSelect, tone = 'default', disabled }: {
  kit: MenuKit;
  icon?: ReactNode;
  children: ReactNode;
  onSelect?: () => void;
  tone?: 'default' | 'danger';
  disabled?: boolean;
}) {
  return (
    <kit.Item className={cn(itemClass, tone === 'danger' && 'text-danger')} onSelect={onSelect} disabled={disabled}>
      {icon && <span className="text-fg-subtle [&>svg]:size-4">{icon}</span>}
      {children}
    </kit.Item>
  );
}

export function MenuSub({ kit, label, icon, children }: { kit: MenuKit; label: ReactNode; icon?: ReactNode; children: ReactNode }) {
  return (
    <kit.Sub>
      <kit.SubTrigger className={itemClass}>
        {icon && <span className="text-fg-subtle [&>svg]:size-4">{icon}</span>}
        <span className="flex-1">{label}</span>
        <ChevronRight className="size-3.5 text-fg-subtle" aria-hidden />
      </kit.SubTrigger>
      <kit.Portal>
        <kit.SubContent className={menuContentClass} sideOffset={4}>
          {children}
        </kit.SubContent>
      </kit.Portal>
    </kit.Sub>
  );
}

export function MenuRadio<T extends string>({ kit, value, options, onChange }: {
  kit: MenuKit;
  value: T;
  options: { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <kit.RadioGroup value={value} onValueChange={(next) => onChange(next as T)}>
      {options.map((option) => (
        <kit.RadioItem key={option.value} value={option.value} className={cn(itemClass, 'pl-7 relative')}>
          <kit.ItemIndicator className="absolute left-2 inline-flex">
            <Check className="size-3.5" aria-hidden />
          </kit.ItemIndicator>
          {option.label}
        </kit.RadioItem>
      ))}
    </kit.RadioGroup>
  );
}

export function MenuSeparator({ kit }: { kit: MenuKit }) {
  return <kit.Separator className="my-1 h-px bg-line" />;
}
