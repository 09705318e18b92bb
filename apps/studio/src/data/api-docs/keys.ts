export const apiDocsKeys = {
  all: (ref: string | undefined) => ['projects', ref, 'api-docs'] as const,
  /** `keyTail` changes when the keys are re-signed, so a rotation never reads with a dead key. */
  openApi: (ref: string | undefined, keyTail: string) => ['projects', ref, 'api-docs', 'openapi', keyTail] as const,
  /** The edge functions the docs list; deployed and deleted elsewhere, so read again whenever the docs open. */
};
