import type { Endpoint } from './endpoints-base.ts';

/** Database management endpoints (/pg-meta/:ref/...). */
export const pgMetaEndpoints = {} as const satisfies Record<string, Endpoint>;
