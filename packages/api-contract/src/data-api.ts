import type { Endpoint } from './endpoints-base.ts';

/** Project data API settings endpoints (exposed schemas, max rows, JWT secret, custom hostname). */
export const dataApiEndpoints = {} as const satisfies Record<string, Endpoint>;
