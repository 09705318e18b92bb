import { useState } from 'react';
import type { EntitySort } from '../../data/entities/entity-types.ts';

/** The spec's key for the sidebar's Sort By preference. */
export const ENTITY_SORT_KEY = 'table-editor-sort';

function read(): EntitySort {
  try {
    return localStorage.getItem(ENTITY_SORT_KEY) === 'grouped-alphabetical' ? 'grouped-alphabetical' : 'alphabetical';
  } catch {
    return 'alphabetical';
  }
}

/** Sort By (Alphabetical or Entity Type), kept in local storage under table-editor-sort. */
export function useEntitySort(): [EntitySort, (sort: EntitySort) => void] {
  const [sort, setSort] = useState<EntitySort>(read);
  return [
    sort,
    (next) => {
      setSort(next);
      try {
        localStorage.setItem(ENTITY_SORT_KEY, next);
      } catch {
        // Storage refused (private window): the choice lasts for this page.
      }
    },
  ];
}
