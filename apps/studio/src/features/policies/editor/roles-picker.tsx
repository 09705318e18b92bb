import { RotateCw } from 'lucide-react';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDatabaseRolesQuery } from '../../../data/roles/roles-query.ts';

interface RolesPickerProps {
  projectRef: string;
  value: string[];
  onChange: (roles: string[]) => void;
  labelledBy: string;
}

/** Target roles of a policy: the project's non-system database roles; none chosen means public. */
export function RolesPicker({ projectRef, value, onChange, labelledBy }: RolesPickerProps) {
  const roles = useDatabaseRolesQuery(projectRef, { excludeSystem: true });
  // A role a template names may be missing from this database; it stays visible so it can be removed.
  const names = [...new Set([...(roles.data ?? []).map((role) => role.name), ...value])].sort((a, b) => a.localeCompare(b));

  function toggle(name: string) {
    onChange(value.includes(name) ? value.filter((role) => role !== name) : [...value, name]);
  }

  if (roles.isLoading) return <Spinner className="size-4" label="Loading roles" />;
  if (roles.isError) {
    return (
      <div role="alert" className="flex items-center gap-2 text-sm text-danger">
        Failed to load roles
        <button type="button" onClick={() => void roles.refetch()} className="inline-flex items-center gap-1 rounded-md border border-line-strong px-2 py-0.5 text-xs text-fg hover:bg-surface-3">
          <RotateCw className="size-3" aria-hidden /> Retry
        </button>
      </div>
    );
  }
  return (
    <div role="group" aria-labelledby={labelledBy} className="flex flex-wrap gap-2" data-testid="policy-roles">
      {names.map((name) => (
        <label
          key={name}
          className="inline-flex cursor-pointer items-center gap-2 rounded-md border border-line-strong bg-surface-2 px-2.5 py-1.5 text-sm text-fg has-[:checked]:border-brand/60 has-[:checked]:bg-brand/10 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand/40"
        >
          <input type="checkbox" className="accent-brand" checked={value.includes(name)} onChange={() => toggle(name)} />
          {name}
        </label>
      ))}
    </div>
  );
}
