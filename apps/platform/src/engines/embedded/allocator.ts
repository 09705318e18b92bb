/**
 * The C allocator setting that lets the embedded engine give memory back when workers close.
 *
 * Every PGlite worker allocates buffers of a few hundred KB to a few MB outside the JavaScript heap
 * (its in-memory files, the data it reads, wasm compilation), and scale to zero ends workers all
 * the time. glibc serves a buffer over its mmap threshold with a mapping of its own, returned on
 * free, but raises that threshold to the size of each such buffer freed (up to 32 MB): soon every
 * buffer comes from malloc's arenas, and a closed worker's share stays with the process, fragmented.
 * Measured (20 projects opened, 18 then stopped by scale to zero): 510 MB RSS left with glibc's
 * default, 316-356 MB with the threshold fixed, the arenas holding 249 MB against 72 MB.
 *
 * Setting the threshold (at glibc's own default, 128 KB) turns the raising off. glibc reads it from
 * the environment when the process starts, so it is set where the platform is started (Dockerfile,
 * `npm run start:platform`); a process started otherwise says so once in its log (info: tests run without it).
 */
export const ALLOCATOR_ENV = { MALLOC_MMAP_THRESHOLD_: '131072' } as const;

/** Whether this process started with the setting (any fixed threshold turns the raising off). */
export function allocatorTuned(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(env.MALLOC_MMAP_THRESHOLD_);
}

export const ALLOCATOR_HINT =
  'The embedded engine returns closed workers\' memory to the system only when the platform is started with ' +
  `MALLOC_MMAP_THRESHOLD_=${ALLOCATOR_ENV.MALLOC_MMAP_THRESHOLD_} in its environment (the Dockerfile and npm run start:platform set it).`;
