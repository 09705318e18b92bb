/**
 * Plans of reads, by everything that shapes them, for each loaded schema: apps repeat the same reads
 * (the same URL, often), and parsing + planning is the largest share of a read's time in Node.
 * Writes are not cached: their body is part of the plan.
 */
import { planRequest, type ApiConfig, type ApiRequest, type Plan, type SchemaIndex } from '@plinth/postgrest';

const MAX_PLANS = 500;
const caches = new WeakMap<SchemaIndex, Map<string, Plan>>();

export function planWithCache(request: ApiRequest, config: ApiConfig, index: SchemaIndex): Plan {
  if (request.method !== 'GET' && request.method !== 'HEAD') return planRequest(request, config, index);
  const { headers, target } = request;
  const key = [
    request.method, target.kind, target.kind === 'root' ? '' : target.name, request.search, headers.accept, headers.prefer,
    headers.range, headers.acceptProfile, config.maxRows, config.exposedSchemas.join(','), config.isPlanEnabled,
  ].join('\n');
  let plans = caches.get(index);
  if (!plans) caches.set(index, (plans = new Map()));
  const hit = plans.get(key);
  if (hit) {
    // Re-inserted so the Map's order is least recently used first.
    plans.delete(key);
    plans.set(key, hit);
    return hit;
  }
  const plan = planRequest(request, config, index);
  if (plans.size >= MAX_PLANS) plans.delete(plans.keys().next().value as string);
  plans.set(key, plan);
  return plan;
}
