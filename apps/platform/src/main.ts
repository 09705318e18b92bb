import { ConfigError, loadConfig } from './config.ts';
import { PlinthError } from '@plinth/errors';
import { startPlatform } from './platform.ts';

/** Process entry: config -> engines -> http server; a graceful stop on SIGINT/SIGTERM (platform.ts stop()). */
async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = loadConfig();
  const platform = await startPlatform(config);
  const ms = Math.round(performance.now() - startedAt);
  console.log(`Plinth is running on ${config.publicUrl} (engine: ${config.engine}, data: ${config.dataDir}, started in ${ms} ms)`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping Plinth (no new requests; those in flight finish, running jobs are handed back)...`);
    try {
      await platform.stop();
    } catch (error: unknown) {
      console.error('Plinth did not stop cleanly:', error);
      process.exit(1);
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof PlinthError) {
    console.error(`Plinth could not start: ${error.message}`);
  } else {
    console.error('Plinth could not start:', error);
  }
  process.exit(1);
});
