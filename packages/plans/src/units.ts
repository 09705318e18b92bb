/** Sizes use factor 1024 (spec document 2 §9: "5 GB (5,368,709,120 bytes)"); durations are seconds. */
export const KB = 1024;
export const MB = 1024 * KB;
export const GB = 1024 * MB;
export const TB = 1024 * GB;

export const HOUR_SECONDS = 3600;
export const DAY_SECONDS = 24 * HOUR_SECONDS;
export const WEEK_SECONDS = 7 * DAY_SECONDS;
