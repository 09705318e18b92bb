import Fastify, { type FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { AuthAdminApi, AuthClient, type GoTrueAdminApi, type GoTrueClient } from '@supabase/auth-js';
import { applyAuthSchema, createAuthService, type AuthService, type AuthServiceOptions } from '../../src/data-plane/auth/index.ts';
import { authRoutes } from '../../src/http/routes/auth/index.ts';
import type { Database } from '../../src/engines/types.ts';
import type { MailMessage } from '../../src/data-plane/mail/outbox.ts';
import { createMemoryDatabase } from './memory-database.ts';

export const JWT_SECRET = 'test-secret-that-is-at-least-32-characters-long';

export interface Harness {
  app: FastifyInstance;
  db: Database;
  service: AuthService;
  /** Base URL of the auth API, e.g. http://127.0.0.1:1234/auth/v1 */
  url: string;
  client(): GoTrueClient;
  admin(key?: string): GoTrueAdminApi;
  serviceRoleKey: string;
  /** What the service mailed, newest last (this harness has no platform database for the mail catcher). */
  mail: MailMessage[];
  close(): Promise<void>;
}

/** A real Fastify server on an ephemeral port, over a fresh in-memory database. */
export async function startHarness(options: Partial<Omit<AuthServiceOptions, 'db' | 'jwtSecret'>> = {}): Promise<Harness> {
  const db = await createMemoryDatabase();
  await applyAuthSchema(db);
  const mail: MailMessage[] = [];
  const outbox = { send: async (message: MailMessage) => void mail.push(message) };
  const service = createAuthService({ db, jwtSecret: JWT_SECRET, issuer: 'http://localhost/auth/v1', autoconfirm: true, outbox, ...options });
  const app = Fastify({ logger: false });
  await app.register(authRoutes, { prefix: '/auth/v1', resolve: () => service });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `${address}/auth/v1`;
  const serviceRoleKey = await signKey('service_role', JWT_SECRET);
  return {
    app,
    db,
    service,
    url,
    serviceRoleKey,
    mail,
    client: () => new AuthClient({ url, autoRefreshToken: false, persistSession: false, detectSessionInUrl: false }),
    admin: (key = serviceRoleKey) => new AuthAdminApi({ url, headers: { Authorization: `Bearer ${key}`, apikey: key } }),
    async close() {
      await app.close();
      await db.close();
    },
  };
}

/** An API key as a project would have: a long-lived JWT carrying only a role. */
export function signKey(role: string, secret: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ role, iss: 'plinth' }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt(now).setExpirationTime(now + 3600).sign(new TextEncoder().encode(secret));
}

let counter = 0;
export function uniqueEmail(): string {
  counter += 1;
  return `user${counter}-${Date.now()}@example.com`;
}
