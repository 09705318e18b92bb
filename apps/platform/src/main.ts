import { ConfigError, loadConfig } from './config.ts';
import { PlinthError } from '@plinth/errors';
import { startPlatform } from './platform.ts';

/** Process entry: config -> engines -> http server; a clean stop on SIGINT/SIGTERM. */
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
    console.log(`${signal}: stopping Plinth...`);
    await platform.stop();
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
