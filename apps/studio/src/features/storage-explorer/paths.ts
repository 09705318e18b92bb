import { BREADCRUMB_COLLAPSE_ABOVE } from './constants.ts';

/** Joins path parts with '/', skipping empty ones ('' is the bucket's root). */
export function joinPath(...parts: string[]): string {
  return parts.filter((part) => part.length > 0).join('/');
}

/** Spec §2: the editable path is split on '/' and empty parts are dropped. */
export function parsePathInput(value: string): string[] {
  return value.split('/').filter((part) => part.length > 0);
}

export function parentOf(path: string): string {
  const index = path.lastIndexOf('/');
  return index === -1 ? '' : path.slice(0, index);
}

export function nameOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** Spec §5 "Move": a leading '/' is stripped and a blank target is the bucket's root. */
export function normaliseMoveTarget(value: string): string {
  return parsePathInput(value.trim()).join('/');
}

export type Crumb<T> = { kind: 'entry'; entry: T; index: number } | { kind: 'ellipsis' };

/** Spec §2: more than 5 breadcrumbs show the first 2, an ellipsis and the last 2. */
export function collapseBreadcrumbs<T>(entries: T[]): Crumb<T>[] {
  const all = entries.map((entry, index): Crumb<T> => ({ kind: 'entry', entry, index }));
  if (entries.length <= BREADCRUMB_COLLAPSE_ABOVE) return all;
  return [...all.slice(0, 2), { kind: 'ellipsis' }, ...all.slice(-2)];
}
