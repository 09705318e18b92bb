/** The snippet model shared by the docs UI and the test that runs every REST snippet. */

export type Language = 'js' | 'bash';

/** What a snippet talks to; 'rest' snippets call /rest/v1 and must run exactly as written. */
export type SnippetKind = 'setup' | 'rest' | 'auth' | 'storage' | 'functions' | 'realtime';

export interface Snippet {
  /** Anchor id, unique within one docs page. */
  id: string;
  title: string;
  description?: string;
  js: string;
  /** null: there is no Bash way to do this (realtime needs a client library). */
  bash: string | null;
  kind: SnippetKind;
}

export interface SnippetGroup {
  id: string;
  title: string;
  description?: string;
  snippets: Snippet[];
}

export interface SnippetContext {
  /** `{PUBLIC_URL}/p/{ref}`: what createClient() takes. */
  url: string;
  /** The anon key, or null to show the SUPABASE_KEY placeholder ('Hide keys'). */
  anonKey: string | null;
  /** The service key, or null for the SERVICE_KEY placeholder (hidden, or not readable by this member). */
  serviceKey: string | null;
  /** The schema subscriptions name: the first exposed schema. */
  schema: string;
}

/** Placeholders read the keys from environment variables, so a hidden-key snippet still runs once they are set. */
export const ANON_KEY_PLACEHOLDER = 'SUPABASE_KEY';
export const SERVICE_KEY_PLACEHOLDER = 'SERVICE_KEY';
