export const mailKeys = {
  /** The mail catcher's inbox; invalidate it after anything that sends the project's mail. */
  inbox: (ref: string | undefined) => ['projects', ref, 'mail'] as const,
};
