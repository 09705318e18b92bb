export const supportKeys = {
  tickets: () => ['support', 'tickets'] as const,
};
