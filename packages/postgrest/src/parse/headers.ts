/** The request headers PostgREST reads: Prefer, Accept, Range and the profile headers. */
import { PostgrestError } from '../errors.ts';

export interface Preferences {
  return: 'minimal' | 'representation' | 'headers-only' | null;
  count: 'exact' | 'planned' | 'estimated' | null;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null;
  missing: 'default' | 'null' | null;
  tx: 'commit' | 'rollback' | null;
  handling: 'strict' | 'lenient' | null;
  maxAffected: number | null;
  params: 'single-object' | null;
  /** Preferences not understood: an error under handling=strict, ignored otherwise. */
  invalid: string[];
}

const CHOICES: Record<string, readonly string[]> = {
  return: ['minimal', 'representation', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  tx: ['commit', 'rollback'],
  handling: ['strict', 'lenient'],
  params: ['single-object'],
};

export function parsePrefer(header: string | undefined): Preferences {
  const prefs: Preferences = {
    return: null, count: null, resolution: null, missing: null, tx: null, handling: null, maxAffected: null, params: null, invalid: [],
  };
  const record = prefs as unknown as Record<string, unknown>;
  for (const raw of (header ?? '').split(',')) {
    const token = raw.trim();
    if (token === '') continue;
    const [name, value = ''] = token.split('=', 2).map((s) => s.trim());
    if (name === 'max-affected' && /^\d{1,15}$/.test(value)) prefs.maxAffected = Number(value);
    else if (name === 'timezone') continue; // accepted and left to the database's own setting
    else if (CHOICES[name]?.includes(value)) record[name] = value;
    else prefs.invalid.push(token);
  }
  if (prefs.handling === 'strict' && prefs.invalid.length > 0) {
    throw new PostgrestError(400, 'PGRST122', 'Invalid preferences given with handling=strict', `Invalid preferences: ${prefs.invalid.join(', ')}`);
  }
  return prefs;
}

export type Media =
  | { kind: 'json'; stripNulls: boolean }
  | { kind: 'object'; stripNulls: boolean }
  | { kind: 'csv' }
  | { kind: 'openapi' }
  | { kind: 'plan'; format: 'text' | 'json'; options: string[]; target: 'json' | 'object' | 'csv' };

const PLAN_OPTIONS = new Set(['analyze', 'verbose', 'settings', 'buffers', 'wal']);

function mediaParams(parts: string[]): Map<string, string> {
  const params = new Map<string, string>();
  for (const part of parts) {
    const [k, v = ''] = part.split('=', 2).map((s) => s.trim());
    if (k) params.set(k.toLowerCase(), v.replace(/^"|"$/g, ''));
  }
  return params;
}

function mediaOf(type: string, params: Map<string, string>): Media | null {
  const stripNulls = params.get('nulls') === 'stripped';
  switch (type) {
    case '*/*': case 'application/*': case 'application/json': case 'application/vnd.pgrst.array+json': case 'application/vnd.pgrst.array':
      return { kind: 'json', stripNulls };
    case 'application/vnd.pgrst.object+json': case 'application/vnd.pgrst.object':
      return { kind: 'object', stripNulls };
    case 'text/csv':
      return { kind: 'csv' };
    case 'application/openapi+json':
      return { kind: 'openapi' };
    case 'application/vnd.pgrst.plan': case 'application/vnd.pgrst.plan+text': case 'application/vnd.pgrst.plan+json': {
      const forType = params.get('for') ?? 'application/json';
      const target = forType.startsWith('text/csv') ? 'csv' : forType.startsWith('application/vnd.pgrst.object') ? 'object' : 'json';
      const options = (params.get('options') ?? '').split('|').map((o) => o.trim()).filter((o) => PLAN_OPTIONS.has(o));
      return { kind: 'plan', format: type.endsWith('+json') ? 'json' : 'text', options, target };
    }
    default:
      return null;
  }
}

/** A media type as PostgREST names it in PGRST107: a plan with what it is for, others by type alone. */
function mediaName(type: string, media: Media | null): string {
  if (media?.kind !== 'plan') return type;
  const target = media.target === 'csv' ? 'text/csv' : media.target === 'object' ? 'application/vnd.pgrst.object+json' : 'application/json';
  return `application/vnd.pgrst.plan+${media.format}; for="${target}"${media.options.length ? `; options=${media.options.join('|')}` : ''}`;
}

/**
 * The first media type of Accept (by q-value, then order) that can be produced. Query plans only when
 * the project enables them (PostgREST's db-plan-enabled): they show table sizes, indexes and costs.
 */
export function negotiateMedia(accept: string | undefined, isPlanEnabled = false): Media {
  if (!accept || accept.trim() === '') return { kind: 'json', stripNulls: false };
  const ranges = accept.split(',').map((range, index) => {
    const [type, ...rest] = range.split(';');
    const params = mediaParams(rest);
    const q = Number(params.get('q') ?? '1');
    const trimmed = type.trim().toLowerCase();
    return { type: trimmed, media: mediaOf(trimmed, params), q: Number.isFinite(q) ? q : 0, index };
  });
  ranges.sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { media, q } of ranges) {
    if (media && q > 0 && (media.kind !== 'plan' || isPlanEnabled)) return media;
  }
  throw new PostgrestError(406, 'PGRST107', `None of these media types are available: ${ranges.map((r) => mediaName(r.type, r.media)).join(', ')}`);
}

/** `Range: 0-9` as [offset, last] (last null when open); null when absent or not a range of items. */
export function parseRange(header: string | undefined): { offset: number; last: number | null } | null {
  const match = header ? /^\s*(?:items=)?(\d{1,15})-(\d{0,15})\s*$/.exec(header) : null;
  if (!match) return null;
  const offset = Number(match[1]);
  const last = match[2] === '' ? null : Number(match[2]);
  if (last !== null && last < offset) {
    throw new PostgrestError(416, 'PGRST103', 'Requested range not satisfiable', `The lower boundary (${offset}) must be less than or equal to the upper boundary (${last}).`);
  }
  return { offset, last };
}

/** The schema of the request: the profile header when given (one of `exposed`), else the first exposed schema. */
export function pickSchema(profile: string | undefined, exposed: string[]): string {
  if (exposed.length === 0) throw new PostgrestError(406, 'PGRST106', 'No schema is exposed by this project.');
  if (profile === undefined || profile === '') return exposed[0];
  if (!exposed.includes(profile)) {
    throw new PostgrestError(406, 'PGRST106', `The schema must be one of the following: ${exposed.join(', ')}`);
  }
  return profile;
}
