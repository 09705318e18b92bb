import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { ControlContext } from './control/context.ts';
import { createOutbox, smtpFromUrl } from './data-plane/mail/outbox.ts';
import { createClusterBus } from './control/cluster-bus.ts';
import { followProjectRestarts } from './control/project-restart.ts';
import { followProjectChanges } from './control/project-caches.ts';
import { JobQueue } from './control/job-queue.ts';
import { jobSchedules } from './control/jobs/catalog.ts';
import { NodeHealth } from './control/node-health.ts';
import { registerJobHandlers } from './control/jobs/handlers.ts';
import { CronRunner } from './control/cron/runner.ts';
import { WebhookDelivery } from './control/webhooks/delivery.ts';
import { Secrets } from './control/secrets.ts';
import { assertPasswordSignInAllowed } from './control/dashboard-sso/index.ts';
import { PLATFORM_PASSWORD_POLICY } from './data-plane/auth/password-policy.ts';
import { applyAuthSchema } from './data-plane/auth/schema.ts';
import { createAuthService } from './data-plane/auth/service.ts';
import { LogWriter } from './data-plane/logs/log-writer.ts';
import { postgresLogObserver } from './data-plane/logs/postgres-logs.ts';
import { StatementStats } from './data-plane/logs/statement-stats.ts';
import { Pooler } from './data-plane/pooler/index.ts';
import { FileStore, S3Store } from './data-plane/storage/object-stores/index.ts';
import { migrate } from './db/migrate.ts';
import { createEngine, openPlatformDatabase } from './engines/index.ts';
import { ALLOCATOR_HINT, allocatorTuned } from './engines/embedded/allocator.ts';
import { buildServer } from './http/server.ts';
import { authRoutes } from './http/routes/auth/index.ts';

export interface RunningPlatform {
  url: string;
  app: FastifyInstance;
  control: ControlContext;
  /** The Postgres wire-protocol pooler (its ports: pooler.ports). */
  pooler: Pooler;
  stop(): Promise<void>;
}

/** config -> platform database (migrated) -> engine -> auth -> HTTP server, listening. */
export async function startPlatform(config: Config): Promise<RunningPlatform> {
  const secrets = Secrets.load(config.dataDir, config.secret);
  let app: FastifyInstance | undefined;
  const log = {
    info: (message: string) => app?.log.info(message),
    error: (message: string) => app?.log.error(message),
  };
  const db = await openPlatformDatabase({ engine: config.engine, dataDir: config.dataDir, databaseUrl: config.databaseUrl, log: log.error });
  try {
    await applyAuthSchema(db);
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  // Before the engine, which reports to them what project databases log and run (postgres_logs, query performance).
  const logs = new LogWriter(db, { onError: (error) => log.error(`log write failed: ${error instanceof Error ? error.message : String(error)}`) });
  const statementStats = new StatementStats(db, { onError: (error) => log.error(`statement stats write failed: ${error instanceof Error ? error.message : String(error)}`) });
  const engine = createEngine({
    engine: config.engine,
    dataDir: config.dataDir,
    projectServers: config.projectServers,
    readSnapshots: config.embeddedSqlSnapshots,
    idleStopMs: config.idleStopMs,
    postgresMajor: config.postgresMajor,
    log: log.error,
    loginSecret: secrets.derive('postgres-project-login').toString('base64url'),
    vaultKeys: (ref) => secrets.derive(`project-vault:${ref}`).toString('base64url'),
    observer: postgresLogObserver(logs, statementStats),
  });
  const auth = createAuthService({
    db,
    jwtSecret: secrets.platformJwtSecret(),
    issuer: `${config.publicUrl}/auth/v1`,
    // Without a mail server nobody could confirm an address, so accounts are confirmed on sign-up.
    autoconfirm: !config.smtpUrl,
    passwordPolicy: PLATFORM_PASSWORD_POLICY,
    // Counted in the platform database, so every node holds dashboard sign-ins to one budget.
    rateLimitStore: { db, scope: 'platform' },
    // Members of organisations that require SSO sign in through their provider (control/dashboard-sso).
    beforePasswordSignIn: (user) => assertPasswordSignInAllowed(db, user),
    // Dashboard accounts' own mail (recovery, confirmation): the SMTP server, else the mail catcher.
    outbox: createOutbox({ db, projectRef: null, smtp: config.smtpUrl ? smtpFromUrl(config.smtpUrl) : null, perHour: null }),
  });
  // A local or embedded platform database is locked to this process, so no other node shares its jobs.
  const jobs = new JobQueue(db, { log, isSoleNode: config.engine !== 'postgres', leaseSeconds: config.jobLeaseSeconds, schedules: jobSchedules(config) });
  const objects = config.s3 ? new S3Store(config.s3) : new FileStore(path.join(config.dataDir, 'storage'));
  const bus = await createClusterBus({ engine: config.engine, databaseUrl: config.databaseUrl, db, log: log.error });
  const control: ControlContext = { config, db, engine, secrets, jobs, log, logs, statementStats, objects, bus, poolerPorts: { transaction: null, session: null } };
  registerJobHandlers(control);
  // Cron runs are planned on the node that ran the tick: stop() drops its planned runs.
  const cron = new CronRunner(control, config.cronTimeoutMs);
  jobs.register('cron-tick', () => cron.tick());
  // Every node polls the queues of the webhook projects open on it (leases keep deliveries single).
  const webhooks = new WebhookDelivery(control);
  const health = new NodeHealth(db, jobs);
  app = await buildServer({
    control,
    health,
    sessions: auth,
    registerAuth: async (scope) => {
      await scope.register(authRoutes, { resolve: () => auth });
    },
  });
  // Before listening, so the first request can send jobs; work a dead process left starts now.
  await jobs.start();
  await app.listen({ port: config.port, host: config.host });
  webhooks.start();
  const pooler = new Pooler(control);
  await pooler.start();
  // A project restarted on another node: this one lets go of its pools and function workers.
  const stopFollowingRestarts = followProjectRestarts(control);
  // A project's row, keys, settings or schema changed on another node: this one drops its copies.
  const stopFollowingChanges = followProjectChanges(control);
  // Without it, the memory of embedded workers closed by scale to zero stays with the process (engines/embedded/allocator.ts).
  if (config.engine === 'embedded' && !allocatorTuned()) app.log.info(ALLOCATOR_HINT);
  // Off the start-up path: the first project a new user creates should not wait for it. A cache of
  // this process, not durable work, so not a job.
  const warmUp = engine.prepare().catch((error: unknown) => log.error(`engine warm-up failed: ${error instanceof Error ? error.message : String(error)}`));
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    control,
    pooler,
    async stop() {
      // Unready at once; a load balancer given PLINTH_SHUTDOWN_DELAY_S to notice still gets answers meanwhile.
      health.beginShutdown();
      if (config.shutdownDelayMs > 0) await sleep(config.shutdownDelayMs);
      // No new connections; requests in flight finish, for up to the grace period, then are cut off.
      const cutOff = setTimeout(() => app.server.closeAllConnections(), config.shutdownGraceMs);
      await app.close();
      clearTimeout(cutOff);
      stopFollowingRestarts();
      stopFollowingChanges();
      await pooler.stop();
      await bus.close();
      await cron.stop();
      await webhooks.stop();
      await jobs.stop(config.jobStopGraceMs);
      await warmUp;
      await engine.close();
      // After everything that writes log entries (requests, jobs), before the database they go to.
      await control.logs.close();
      await statementStats.close();
      await db.close();
    },
  };
}
