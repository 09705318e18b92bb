import { useEffect, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Spinner } from '../../components/ui/spinner.tsx';
import type { Entity } from '../../data/entities/entity-types.ts';
import { EntityRow, type EntityAction } from './entity-row.tsx';

/** Spec §9: table list item height 28 px. */
export const ENTITY_ROW_HEIGHT = 28;

interface EntityListProps {
  projectRef: string;
  entities: Entity[];
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  selectedId: number | undefined;
  isLocked: boolean;
  canWrite: boolean;
  onAction: (action: EntityAction, entity: Entity) => void;
}

/** A virtualised list that loads the next 100 entities as its end scrolls into view. */
export function EntityList({ projectRef, entities, hasNextPage, isFetchingNextPage, fetchNextPage, selectedId, isLocked, canWrite, onAction }: EntityListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const count = entities.length + (hasNextPage ? 1 : 0);
  const virtualizer = useVirtualizer({ count, getScrollElement: () => scrollRef.current, estimateSize: () => ENTITY_ROW_HEIGHT, overscan: 20 });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= entities.length - 1) fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, lastIndex, entities.length, fetchNextPage]);

  return (
    <div ref={scrollRef} className="min-h-0 flex-1 overflow-y-auto px-2" data-testid="entity-list">
      <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const entity = entities[item.index];
          return (
            <div key={item.key} className="absolute left-0 top-0 w-full" style={{ height: ENTITY_ROW_HEIGHT, transform: `translateY(${item.start}px)` }}>
              {entity ? (
                <EntityRow
                  projectRef={projectRef}
                  entity={entity}
                  isSelected={entity.id === selectedId}
                  isLocked={isLocked}
                  canWrite={canWrite}
                  onAction={onAction}
                />
              ) : (
                <div className="flex h-full items-center gap-2 px-2 text-xs text-fg-subtle">
                  <Spinner className="size-3" /> Loading more…
                </div>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
