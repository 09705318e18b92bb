/**
 * A node killed with kill -9 in the middle of a pause or of a backup leaves the job to the other
 * node, which finishes it once the dead node's lease lapses (control/job-queue.ts): the pause ends
 * INACTIVE with one verified archive (the dead node's unrecorded one gone) and a restore brings back
 * every row; "Back up now" ends listed COMPLETED, and restoring it brings back every row. Each job
 * completes once, on its second attempt.
 *
 * Two nodes on the postgres engine with files on S3 (support/nodes.ts). Each node is started to die
 * at one crash point (control/crash-points.ts), and the work is asked of it while the other node is
 * down, so it is surely the one that takes the job: node 0 dies in the pause after storing its
 * archive, before recording it; node 1, started again, finishes that pause, then dies in the backup
 * after storing the file, before recording it; node 0, started again without a crash point,
 * finishes the backup.
 */
import { createHash } from 'node:crypto';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, signUp, waitForStatus } from '../support/client.ts';
import { startNodes, type NodeFleet } from '../support/nodes.ts';
import { onTestServer } from '../support/platform.ts';

const ROWS = 300;
/** Longest wait for a node to reach its crash point once asked for the work. */
const DEATH_TIMEOUT_MS = 60_000;
/** Longest wait for the other node to finish a job: the dead node's lease (5 s here) lapses first. */
const SETTLE_TIMEOUT_MS = 110_000;

describe('kill -9 during a pause and a backup: the other node finishes each', () => {
  let fleet: NodeFleet;
  let platformDb: pg.Client;
  let s3: S3Client;
  let api: ApiClient;
  let ref = '';
  let rowsAtStart: unknown;

  const query = async (sql: string) => {
    const response = await api.post(`/api/platform/pg-meta/${ref}/query`, { query: sql });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  };
  const rows = () => query('select id, body, at from public.notes order by id');
  const jobOf = async (name: string, key: string, value: string) =>
    (await platformDb.query<{ state: string; retry_count: number }>(
      'select state, retry_count from pgboss.job where name = $1 and data->>$2 = $3', [name, key, value],
    )).rows;
  const objectsUnder = async (prefix: string) =>
    ((await s3.send(new ListObjectsV2Command({ Bucket: fleet.env.PLINTH_S3_BUCKET, Prefix: `${prefix}/` }))).Contents ?? []).map((object) => object.Key);
  /** The backup as the studio lists it, once no longer PENDING (polled as the studio does). */
  const settledBackup = async (id: number) => {
    const deadline = Date.now() + SETTLE_TIMEOUT_MS;
    for (;;) {
      const listed = (await api.get(`/api/platform/database/${ref}/backups`)).body.backups.find((backup: { id: number }) => backup.id === id);
      if (listed?.status !== 'PENDING') return listed;
      if (Date.now() > deadline) throw new Error(`backup ${id} is still PENDING`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  /** Waits for node i to kill itself at its crash point, then takes it out of the fleet. */
  const diesAtItsCrashPoint = async (i: number) => {
    const node = fleet.node(i);
    let timer: NodeJS.Timeout | undefined;
    const died = await Promise.race([
      node.exited,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`node ${i} did not reach its crash point:\n${node.output()}`)), DEATH_TIMEOUT_MS);
      }),
    ]).finally(() => clearTimeout(timer));
    expect(died.signal, node.output()).toBe('SIGKILL');
    await fleet.kill(i);
  };

  beforeAll(async () => {
    fleet = await startNodes({
      count: 2,
      s3: true,
      // A dead node's job is taken over once its lease lapses: short leases, a shorter test.
      env: { PLINTH_JOB_LEASE_S: '5' },
      nodeEnv: [{ PLINTH_CRASH_AT: 'pause-archive-stored' }, { PLINTH_CRASH_AT: 'backup-file-stored' }],
    });
    platformDb = new pg.Client({ connectionString: fleet.platformDatabaseUrl });
    await platformDb.connect();
    s3 = new S3Client({
      endpoint: fleet.env.PLINTH_S3_ENDPOINT,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: fleet.env.PLINTH_S3_ACCESS_KEY_ID, secretAccessKey: fleet.env.PLINTH_S3_SECRET_ACCESS_KEY },
    });
    ({ api } = await signUp(fleet.url));
    const slug = (await api.post('/api/organizations', { name: 'Takeover Co', plan: 'free' })).body.slug as string;
    const created = await api.post('/api/projects', { name: 'Takeover', organization_slug: slug, db_pass: 'a-long-db-password' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    ref = created.body.ref;
    await waitForStatus(api, ref, 'ACTIVE_HEALTHY');
    await query(`create table public.notes (id int primary key, body text not null, at timestamptz not null);
                 insert into public.notes select g, 'note ' || g || ' ' || md5(g::text), timestamptz '2026-01-01 00:00:00+00' + g * interval '1 hour'
                   from generate_series(1, ${ROWS}) g;`);
    rowsAtStart = await rows();
    expect(rowsAtStart).toHaveLength(ROWS);
  }, 180_000);

  afterAll(async () => {
    s3?.destroy();
    await platformDb?.end();
    await fleet?.stop();
  }, 60_000);

  it('a pause cut off after its archive is stored: node 1 archives afresh, and a restore brings every row back', { timeout: 150_000 }, async () => {
    // Node 1 down: node 0 alone can take the pause, and dies in it.
    await fleet.kill(1);
    expect((await new ApiClient(fleet.nodeUrls[0], api.token).post(`/api/platform/projects/${ref}/pause`)).status).toBe(200);
    await diesAtItsCrashPoint(0);
    expect(await objectsUnder(`_archives/${ref}`)).toHaveLength(1); // stored, never recorded
    expect(await jobOf('project-pause', 'ref', ref)).toEqual([{ state: 'active', retry_count: 0 }]);

    await fleet.kill(1, { restart: true });
    await waitForStatus(api, ref, 'INACTIVE');
    expect(await jobOf('project-pause', 'ref', ref)).toEqual([{ state: 'completed', retry_count: 1 }]);
    const { rows: [archive] } = await platformDb.query('select archive_key, archive_bytes, archive_sha256 from projects where ref = $1', [ref]);
    expect(await objectsUnder(`_archives/${ref}`)).toEqual([archive.archive_key]);
    const bytes = await (await s3.send(new GetObjectCommand({ Bucket: fleet.env.PLINTH_S3_BUCKET, Key: archive.archive_key }))).Body!.transformToByteArray();
    expect({ bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') })
      .toEqual({ bytes: Number(archive.archive_bytes), sha256: archive.archive_sha256 });
    const databaseLeft = await onTestServer(async (admin) => (await admin.query('select 1 from pg_database where datname = $1', [`project_${ref}`])).rows.length);
    expect(databaseLeft).toBe(0);

    expect((await api.post(`/api/platform/projects/${ref}/restore`)).status).toBe(200);
    await waitForStatus(api, ref, 'ACTIVE_HEALTHY');
    expect(await rows()).toEqual(rowsAtStart);
  });

  it('"Back up now" cut off after its file is stored: node 0 makes it again, listed COMPLETED, and restoring it brings every row back', { timeout: 150_000 }, async () => {
    // Node 0 is down since the pause: node 1 alone takes the backup, and dies in it.
    const asked = await api.post(`/api/platform/database/${ref}/backups`);
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const id = asked.body.id as number;
    await diesAtItsCrashPoint(1);
    expect(await objectsUnder(`_backups/${ref}`)).toHaveLength(1); // stored, never recorded
    expect(await jobOf('backup-create', 'backupId', String(id))).toEqual([{ state: 'active', retry_count: 0 }]);

    await fleet.kill(0, { restart: true, env: {} });
    expect(await settledBackup(id)).toMatchObject({ id, status: 'COMPLETED', size_bytes: expect.any(Number) });
    expect(await jobOf('backup-create', 'backupId', String(id))).toEqual([{ state: 'completed', retry_count: 1 }]);

    await query(`delete from public.notes where id > 10; update public.notes set body = 'changed'`);
    expect((await api.post(`/api/platform/database/${ref}/backups/restore`, { id })).status).toBe(200);
    await waitForStatus(api, ref, 'ACTIVE_HEALTHY');
    expect(await rows()).toEqual(rowsAtStart);
  });
});
