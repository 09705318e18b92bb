/**
 * This node's joined channels per scope, and fan-out to them: a broadcast's frames are made once
 * per protocol version (protocol.ts BroadcastFrames) and written to every member, the sender only
 * when it asked for `self`; presence diffs go to members that receive presence.
 */
import { BroadcastFrames, encode, type Vsn } from './protocol.ts';
import type { PresenceDiff } from './presence.ts';
import { refOfScope, topicOfScope } from './scope.ts';

export interface ChannelMember {
  readonly vsn: Vsn;
  /** `config.broadcast.self`. */
  readonly wantsSelf: boolean;
  /** Public channels always; private ones when a SELECT policy allows broadcast. */
  readonly receivesBroadcast: boolean;
  /** `config.presence.enabled`, and on private channels a SELECT policy for presence. */
  readonly receivesPresence: boolean;
  send(frame: string | Buffer): void;
}

export class LocalTopics {
  private readonly scopes = new Map<string, Set<ChannelMember>>();
  private readonly channelsPerProject = new Map<string, number>();

  /** Returns true when this is the project's first joined channel on this node. */
  add(scope: string, member: ChannelMember): boolean {
    let members = this.scopes.get(scope);
    if (!members) this.scopes.set(scope, (members = new Set()));
    if (members.has(member)) return false;
    members.add(member);
    const ref = refOfScope(scope);
    const count = (this.channelsPerProject.get(ref) ?? 0) + 1;
    this.channelsPerProject.set(ref, count);
    return count === 1;
  }

  /** Returns true when the project has no joined channel left on this node. */
  remove(scope: string, member: ChannelMember): boolean {
    const members = this.scopes.get(scope);
    if (!members?.delete(member)) return false;
    if (members.size === 0) this.scopes.delete(scope);
    const ref = refOfScope(scope);
    const count = (this.channelsPerProject.get(ref) ?? 1) - 1;
    if (count > 0) {
      this.channelsPerProject.set(ref, count);
      return false;
    }
    this.channelsPerProject.delete(ref);
    return true;
  }

  hasMembers(scope: string): boolean {
    return this.scopes.has(scope);
  }

  /** Writes the broadcast to the scope's members; returns how many got it. */
  broadcast(scope: string, frames: BroadcastFrames, sender: ChannelMember | null): number {
    let delivered = 0;
    for (const member of this.scopes.get(scope) ?? []) {
      if (!member.receivesBroadcast || (member === sender && !member.wantsSelf)) continue;
      const frame = frames.frame(member.vsn);
      if (frame === null) continue;
      member.send(frame);
      delivered++;
    }
    return delivered;
  }

  presenceDiff(scope: string, diff: PresenceDiff): number {
    const frames = new Map<Vsn, string>();
    let delivered = 0;
    for (const member of this.scopes.get(scope) ?? []) {
      if (!member.receivesPresence) continue;
      let frame = frames.get(member.vsn);
      if (!frame) frames.set(member.vsn, (frame = encode(member.vsn, { joinRef: null, ref: null, topic: topicOfScope(scope), event: 'presence_diff', payload: diff })));
      member.send(frame);
      delivered++;
    }
    return delivered;
  }
}
