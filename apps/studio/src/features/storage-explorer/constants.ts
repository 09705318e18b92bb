/** The explorer's constants (spec §9), in one place so the logic and the tests read the same numbers. */

/** One page of a folder listing; a page of exactly this many means there may be more. */
export const EXPLORER_PAGE_SIZE = 200;
/** Folder renames, deletes and downloads list a whole folder tree in pages this big. */
export const FULL_LISTING_PAGE_SIZE = 10_000;
export const UPLOAD_BATCH_SIZE = 10;
/** Each delete call carries this many paths, and this many calls run at once. */
export const DELETE_PATHS_PER_CALL = 2;
export const DELETE_PARALLEL_CALLS = 2;
export const DOWNLOAD_BATCH_SIZE = 10;
export const FOLDER_MOVE_BATCH_SIZE = 2;
/** Files above this size are not fetched for the preview panel. */
export const PREVIEW_SIZE_LIMIT = 10_000_000;
/** The signed URL a private bucket's preview uses lasts a year. */
export const PREVIEW_SIGNED_URL_EXPIRY = 31_536_000;
export const UPLOAD_CACHE_CONTROL = 3600;
/** A file without metadata older than this is a failed upload (15 minutes). */
export const CORRUPTED_THRESHOLD_MS = 900_000;
export const EMPTY_FOLDER_PLACEHOLDER = '.emptyFolderPlaceholder';

export const ROW_HEIGHT = 37;
export const LAST_ROW_HEIGHT = 85;
export const PREVIEW_PANEL_WIDTH = 450;
export const BREADCRUMB_COLLAPSE_ABOVE = 5;
export const SEARCH_DEBOUNCE_MS = 300;
export const URL_COPIED_TOAST_MS = 4000;
export const FOLDER_NAME_ERROR_TOAST_MS = 8000;
export const DUPLICATE_NAME_TOAST_MS = 4000;

/** The Get URL presets, in seconds. */
export const SIGNED_URL_PRESETS = [
  { label: 'Expire in 1 week', seconds: 604_800 },
  { label: 'Expire in 1 month', seconds: 2_592_000 },
  { label: 'Expire in 1 year', seconds: 31_536_000 },
] as const;

/** Units of the custom expiry, in seconds. */
export const EXPIRY_UNITS = {
  days: 86_400,
  weeks: 604_800,
  months: 2_592_000,
  years: 31_536_000,
} as const;
export type ExpiryUnit = keyof typeof EXPIRY_UNITS;

/** Zip names of downloads: a folder's zip takes the folder's name, a selection's is this. */
export const SELECTION_ZIP_NAME = 'files';

export const PERMISSION_MESSAGES = {
  upload: 'You need additional permissions to upload files',
  createFolder: 'You need additional permissions to create folders',
  deleteFile: 'You need additional permissions to delete this file',
} as const;

export const CORRUPTED_FILE_TOOLTIP = 'File is corrupted, please delete and reupload again.';
