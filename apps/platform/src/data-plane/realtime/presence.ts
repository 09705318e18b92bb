/**
 * Presence state on one node, per scope (a project's topic, see scope.ts): the presences tracked by
 * this node's channels, and what every other node last told about its own. Phoenix's shapes:
 * state `{key: {metas: [{...payload, phx_ref}]}}`, diff `{joins, leaves}` of the same shape; a
 * re-track replaces the channel's meta (the new one names the old as `phx_ref_prev`).
 *
 * A channel leaving or untracking removes its presence at once. A socket that disconnects without
 * leaving has its presences *held* for 30 s (still shown), then removed; a client coming back
 * within that time and tracking the same key on the topic replaces its held presence instead of
 * showing twice. Local changes bump `version`, which the cluster relay uses to spot lost diffs.
 */
import { randomBytes } from 'node:crypto';

export type Meta = Record<string, unknown> & { phx_ref: string; phx_ref_prev?: string };
export type PresenceMap = Record<string, { metas: Meta[] }>;
export interface PresenceDiff {
  joins: PresenceMap;
  leaves: PresenceMap;
}
/** A node's own presences, as relayed: scope -> key -> metas. */
export type PresenceSnapshot = Record<string, Record<string, Meta[]>>;
export interface ScopedDiff {
  scope: string;
  diff: PresenceDiff;
}

export const PRESENCE_HOLD_MS = 30_000;

interface LocalPresence {
  key: string;
  meta: Meta;
  /** The channel that tracked it; null once its socket went away (held until `heldUntil`). */
  owner: object | null;
  heldUntil: number;
}

const emptyDiff = (): PresenceDiff => ({ joins: Object.create(null) as PresenceMap, leaves: Object.create(null) as PresenceMap });
const isEmpty = (diff: PresenceDiff) => Object.keys(diff.joins).length === 0 && Object.keys(diff.leaves).length === 0;

function addMeta(map: PresenceMap, key: string, meta: Meta): void {
  (map[key] ??= { metas: [] }).metas.push(meta);
}

export class PresenceStore {
  /** scope -> phx_ref -> presence tracked here. */
  private readonly local = new Map<string, Map<string, LocalPresence>>();
  private readonly byOwner = new Map<object, { scope: string; ref: string }>();
  /** node -> scope -> key -> metas. */
  private readonly remote = new Map<string, Map<string, Map<string, Meta[]>>>();
  private readonly refPrefix = randomBytes(4).toString('base64url');
  private counter = 0;
  version = 0;

  /** Tracks (or re-tracks) the channel `owner`'s presence under `key`. */
  track(scope: string, owner: object, key: string, payload: Record<string, unknown>): PresenceDiff {
    const diff = emptyDiff();
    const entries = this.scopeEntries(scope);
    const previous = this.byOwner.get(owner);
    let previousRef: string | undefined;
    if (previous) {
      const old = this.local.get(previous.scope)?.get(previous.ref);
      if (old) {
        this.removeLocal(previous.scope, previous.ref);
        addMeta(diff.leaves, old.key, old.meta);
        previousRef = old.meta.phx_ref;
      }
    }
    for (const [ref, entry] of entries) {
      if (entry.owner === null && entry.key === key) {
        entries.delete(ref);
        addMeta(diff.leaves, entry.key, entry.meta);
      }
    }
    const meta: Meta = { ...payload, phx_ref: `${this.refPrefix}${(++this.counter).toString(36)}` };
    if (previousRef) meta.phx_ref_prev = previousRef;
    this.scopeEntries(scope).set(meta.phx_ref, { key, meta, owner, heldUntil: 0 });
    this.byOwner.set(owner, { scope, ref: meta.phx_ref });
    addMeta(diff.joins, key, meta);
    this.version++;
    return diff;
  }

  untrack(owner: object): ScopedDiff | null {
    const tracked = this.byOwner.get(owner);
    if (!tracked) return null;
    this.byOwner.delete(owner);
    const entry = this.local.get(tracked.scope)?.get(tracked.ref);
    if (!entry) return null;
    this.removeLocal(tracked.scope, tracked.ref);
    const diff = emptyDiff();
    addMeta(diff.leaves, entry.key, entry.meta);
    this.version++;
    return { scope: tracked.scope, diff };
  }

  /** The channel's socket went away: its presence stays shown until `until`. */
  hold(owner: object, until: number): void {
    const tracked = this.byOwner.get(owner);
    if (!tracked) return;
    this.byOwner.delete(owner);
    const entry = this.local.get(tracked.scope)?.get(tracked.ref);
    if (entry) {
      entry.owner = null;
      entry.heldUntil = until;
    }
  }

  /** Removes held presences whose time is up. */
  expire(now: number): ScopedDiff[] {
    const out: ScopedDiff[] = [];
    for (const [scope, entries] of this.local) {
      let diff: PresenceDiff | null = null;
      for (const [ref, entry] of entries) {
        if (entry.owner !== null || entry.heldUntil > now) continue;
        entries.delete(ref);
        addMeta((diff ??= emptyDiff()).leaves, entry.key, entry.meta);
      }
      if (entries.size === 0) this.local.delete(scope);
      if (diff) out.push({ scope, diff });
    }
    if (out.length > 0) this.version++;
    return out;
  }

  /** Everything known for `scope`, this node's and the others'. */
  state(scope: string): PresenceMap {
    const state = Object.create(null) as PresenceMap;
    for (const entry of this.local.get(scope)?.values() ?? []) addMeta(state, entry.key, entry.meta);
    for (const scopes of this.remote.values()) {
      for (const [key, metas] of scopes.get(scope) ?? []) for (const meta of metas) addMeta(state, key, meta);
    }
    return state;
  }

  snapshot(): PresenceSnapshot {
    const snapshot: PresenceSnapshot = {};
    for (const [scope, entries] of this.local) {
      const keys: Record<string, Meta[]> = (snapshot[scope] = {});
      for (const entry of entries.values()) (keys[entry.key] ??= []).push(entry.meta);
    }
    return snapshot;
  }

  applyRemoteDiff(node: string, scope: string, diff: PresenceDiff): void {
    let scopes = this.remote.get(node);
    if (!scopes) this.remote.set(node, (scopes = new Map()));
    let keys = scopes.get(scope);
    if (!keys) scopes.set(scope, (keys = new Map()));
    for (const [key, { metas }] of Object.entries(diff.leaves)) {
      const gone = new Set(metas.map((meta) => meta.phx_ref));
      const left = (keys.get(key) ?? []).filter((meta) => !gone.has(meta.phx_ref));
      if (left.length > 0) keys.set(key, left);
      else keys.delete(key);
    }
    for (const [key, { metas }] of Object.entries(diff.joins)) keys.set(key, [...(keys.get(key) ?? []), ...metas]);
    if (keys.size === 0) scopes.delete(scope);
  }

  /** `node` told everything it has: the diff per scope from what was known before. */
  replaceRemote(node: string, snapshot: PresenceSnapshot): ScopedDiff[] {
    const before = this.remote.get(node) ?? new Map<string, Map<string, Meta[]>>();
    const after = new Map<string, Map<string, Meta[]>>();
    for (const [scope, keys] of Object.entries(snapshot)) after.set(scope, new Map(Object.entries(keys)));
    this.remote.set(node, after);
    const out: ScopedDiff[] = [];
    for (const scope of new Set([...before.keys(), ...after.keys()])) {
      const diff = emptyDiff();
      const oldMetas = before.get(scope) ?? new Map<string, Meta[]>();
      const newMetas = after.get(scope) ?? new Map<string, Meta[]>();
      for (const [key, metas] of oldMetas) {
        const kept = new Set((newMetas.get(key) ?? []).map((meta) => meta.phx_ref));
        for (const meta of metas) if (!kept.has(meta.phx_ref)) addMeta(diff.leaves, key, meta);
      }
      for (const [key, metas] of newMetas) {
        const known = new Set((oldMetas.get(key) ?? []).map((meta) => meta.phx_ref));
        for (const meta of metas) if (!known.has(meta.phx_ref)) addMeta(diff.joins, key, meta);
      }
      if (!isEmpty(diff)) out.push({ scope, diff });
    }
    return out;
  }

  /** `node` is gone: everything it had leaves. */
  dropNode(node: string): ScopedDiff[] {
    const out = this.replaceRemote(node, {});
    this.remote.delete(node);
    return out;
  }

  private scopeEntries(scope: string): Map<string, LocalPresence> {
    let entries = this.local.get(scope);
    if (!entries) this.local.set(scope, (entries = new Map()));
    return entries;
  }

  private removeLocal(scope: string, ref: string): void {
    const entries = this.local.get(scope);
    entries?.delete(ref);
    if (entries?.size === 0) this.local.delete(scope);
  }
}
