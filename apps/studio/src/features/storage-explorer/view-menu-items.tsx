import { ArrowDownUp, Columns3, List } from 'lucide-react';
import { useExplorer } from './explorer-context.tsx';
import { MenuRadio, MenuSub, type MenuKit } from './menu-kit.tsx';
import { SORT_OPTIONS, type ExplorerView, type SortOrder } from './preferences.ts';

const VIEW_OPTIONS: { value: ExplorerView; label: string }[] = [
  { value: 'COLUMNS', label: 'As columns' },
  { value: 'LIST', label: 'As list' },
];
const ORDER_OPTIONS: { value: SortOrder; label: string }[] = [
  { value: 'asc', label: 'Ascending' },
  { value: 'desc', label: 'Descending' },
];

/** View, Sort by and Sort order (spec §2): in the toolbar's view menu and in each column's context menu. */
export function ViewMenuItems({ kit }: { kit: MenuKit }) {
  const { preferences, setPreferences } = useExplorer();
  return (
    <>
      <MenuSub kit={kit} label="View" icon={preferences.view === 'LIST' ? <List /> : <Columns3 />}>
        <MenuRadio kit={kit} value={preferences.view} options={VIEW_OPTIONS} onChange={(view) => setPreferences({ view })} />
      </MenuSub>
      <MenuSub kit={kit} label="Sort by" icon={<ArrowDownUp />}>
        <MenuRadio kit={kit} value={preferences.sortBy} options={SORT_OPTIONS} onChange={(sortBy) => setPreferences({ sortBy })} />
      </MenuSub>
      <MenuSub kit={kit} label="Sort order" icon={<ArrowDownUp />}>
        <MenuRadio kit={kit} value={preferences.sortByOrder} options={ORDER_OPTIONS} onChange={(sortByOrder) => setPreferences({ sortByOrder })} />
      </MenuSub>
    </>
  );
}
