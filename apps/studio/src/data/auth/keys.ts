export const authKeys = {
  session: () => ['auth', 'session'] as const,
  aal: (userId: string | undefined) => ['auth', 'aal', userId] as const,
  factors: (userId: string | undefined) => ['auth', 'factors', userId] as const,
};
