/**
 * Where a broadcast or presence lives: a project, public or private, and a topic. Every lookup
 * goes through the project's ref (taken from the socket's or request's URL), so a topic of one
 * project can never be reached from another; a private and a public channel of the same name are
 * two places, as on Supabase.
 */
const REF_LENGTH = 20;

export function scopeOf(ref: string, isPrivate: boolean, topic: string): string {
  return `${ref}|${isPrivate ? 'p' : 'o'}|${topic}`;
}

export function refOfScope(scope: string): string {
  return scope.slice(0, REF_LENGTH);
}

export function topicOfScope(scope: string): string {
  return scope.slice(REF_LENGTH + 3);
}

export function isPrivateScope(scope: string): boolean {
  return scope[REF_LENGTH + 1] === 'p';
}
