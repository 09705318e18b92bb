export const realtimeKeys = {
  /** The project's Realtime settings and plan limits; invalidate after changing them. */
  config: (ref: string | undefined) => ['projects', ref, 'realtime', 'config'] as const,
};
