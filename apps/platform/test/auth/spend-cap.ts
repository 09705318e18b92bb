/**
 * The spend cap on monthly active users, reached for a test: the hourly metering's figure for the
 * project's organisation is its plan's free units (no test signs in 100,000 users). Ready once a new
 * user's sign-up is refused; `release` takes the figure away and waits until sign-ups go through again.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { startPlatform } from '../support/platform.ts';

type Platform = Awaited<ReturnType<typeof startPlatform>>;

const PRO_MONTHLY_ACTIVE_USERS = 100_000;

export async function useUpMonthlyActiveUsers(platform: Platform, ref: string, project: { url: string; anonKey: string }): Promise<() => Promise<void>> {
  const now = new Date();
  const hour = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const { rows } = await platform.control.db.query<{ organization_id: number }>('select organization_id from projects where ref = $1', [ref]);
  await platform.control.db.query(
    `insert into usage_hourly (project_ref, organization_id, metric, hour, value) values ($1, $2, 'MONTHLY_ACTIVE_USERS', $3, $4)`,
    [ref, rows[0].organization_id, hour, PRO_MONTHLY_ACTIVE_USERS],
  );
  const signUpStatus = async () =>
    (await fetch(`${project.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: project.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: `probe-${randomUUID()}@example.com`, password: 'a-long-password-1' }),
    })).status;
  // Each node re-reads the figures within a few seconds (spend-cap.ts CACHE_MS).
  await expect.poll(signUpStatus, { timeout: 15_000, interval: 250 }).toBe(402);
  return async () => {
    await platform.control.db.query(`delete from usage_hourly where project_ref = $1 and metric = 'MONTHLY_ACTIVE_USERS' and hour = $2`, [ref, hour]);
    await expect.poll(signUpStatus, { timeout: 15_000, interval: 250 }).toBe(200);
  };
}
