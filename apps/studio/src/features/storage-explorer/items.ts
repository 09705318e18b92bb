import type { StorageListItem } from '@plinth/api-contract';
import { CORRUPTED_THRESHOLD_MS, EMPTY_FOLDER_PLACEHOLDER } from './constants.ts';
import { joinPath } from './paths.ts';

export type ItemType = 'FILE' | 'FOLDER';
/** Spec §4 "Item status": EDITING shows the inline name input. */
export type ItemStatus = 'READY' | 'LOADING' | 'EDITING';

export interface ItemMetadata {
  size?: number;
  mimetype?: string;
  eTag?: string;
  cacheControl?: string;
  lastModified?: string;
}

/** Spec §3 "Storage item": one row of a column, a listed file or folder or a temporary row. */
export interface StorageItem {
  /** null for folders and for rows the server does not know yet. */
  id: string | null;
  name: string;
  type: ItemType;
  status: ItemStatus;
  metadata: ItemMetadata | null;
  created_at: string | null;
  updated_at: string | null;
  last_accessed_at: string | null;
  isCorrupted: boolean;
  columnIndex: number;
  /** The folder the item is in, '' for the bucket's root. */
  prefix: string;
}

export function itemPath(item: Pick<StorageItem, 'prefix' | 'name'>): string {
  return joinPath(item.prefix, item.name);
}

/** The key of a row: its id when it has one, else its path (folders and temporary rows). */
export function itemKey(item: StorageItem): string {
  return item.id ?? `${item.type}:${itemPath(item)}`;
}

/**
 * Spec §4 "Derived status": a file without metadata is still uploading for 15 minutes, and a failed
 * upload after that; every other row is ready.
 */
export function deriveStatus(
  item: Pick<StorageListItem, 'id' | 'metadata' | 'created_at' | 'updated_at'>,
  now: number,
): { status: ItemStatus; isCorrupted: boolean } {
  const isFile = item.id !== null;
  if (!isFile || item.metadata) return { status: 'READY', isCorrupted: false };
  const since = Date.parse(item.created_at ?? item.updated_at ?? '');
  const age = Number.isNaN(since) ? Infinity : now - since;
  return age < CORRUPTED_THRESHOLD_MS ? { status: 'LOADING', isCorrupted: false } : { status: 'READY', isCorrupted: true };
}

/** The reserved placeholder that keeps an empty folder alive is never listed. */
export function isHiddenName(name: string): boolean {
  return name === EMPTY_FOLDER_PLACEHOLDER;
}

export function toStorageItem(row: StorageListItem, prefix: string, columnIndex: number, now: number): StorageItem {
  const { status, isCorrupted } = deriveStatus(row, now);
  return {
    id: row.id,
    name: row.name,
    type: row.id === null ? 'FOLDER' : 'FILE',
    status,
    metadata: (row.metadata as ItemMetadata | null) ?? null,
    created_at: row.created_at,
    updated_at: row.updated_at,
    last_accessed_at: row.last_accessed_at,
    isCorrupted,
    columnIndex,
    prefix,
  };
}

/** A row the explorer adds before the server knows it: an upload in flight or a new folder being named. */
export function temporaryItem(name: string, type: ItemType, status: ItemStatus, prefix: string, columnIndex: number, size?: number): StorageItem {
  const now = new Date().toISOString();
  return {
    id: null,
    name,
    type,
    status,
    metadata: size === undefined ? null : { size },
    created_at: now,
    updated_at: now,
    last_accessed_at: now,
    isCorrupted: false,
    columnIndex,
    prefix,
  };
}

const UNITS = ['bytes', 'KB', 'MB', 'GB'] as const;

/** Spec §9: units bytes, KB, MB, GB with factor 1024, the largest unit that keeps the number >= 1. */
export function formatBytes(bytes: number, decimals = 2): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 bytes';
  const index = Math.min(UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  return `${parseFloat((bytes / 1024 ** index).toFixed(decimals))} ${UNITS[index]}`;
}

export type PreviewKind = 'image' | 'audio' | 'video' | 'other';

export function previewKind(mimetype: string | undefined): PreviewKind {
  const type = (mimetype ?? '').split('/')[0];
  return type === 'image' || type === 'audio' || type === 'video' ? type : 'other';
}
