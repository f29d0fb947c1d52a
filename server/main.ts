import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import type { AppConfig } from './config.ts';
import { holdAdvisoryLock } from './db/advisory-locks.ts';
import { DatabaseUnavailableError, openDatabase } from './db/database.ts';
import type { DatabaseHandle } from './db/database.ts';
import { MigrationError, migrateToLatest } from './db/migrate.ts';
import { hasAdministrator } from './db/users.ts';
import { migrateJobQueue } from './jobs/job-queue.ts';
import { nextDigestDay, scheduleDigest } from './services/unguarded/notice-digest.ts';
import { StorageUnavailableError, sharedStorageWarning } from './storage/index.ts';
import { BASE_PATH } from '../common/constants.ts';

const SHUTDOWN_GRACE_MS = 10_000;

function fail(message: string): never {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
}

async function seedIfEmpty(config: AppConfig, database: DatabaseHandle): Promise<boolean> {
  if (!config.SEED_DEMO) return false;
  // Loaded only when needed: the generator and its password hashing are not part of a normal start.
  const { isDatabaseSeeded, seedDemo } = await import('./db/seed/index.ts');
  if (await isDatabaseSeeded(database.db)) return true;
  const started = performance.now();
  process.stdout.write('Lodgehall: the database is empty, adding demo data...\n');
  await seedDemo(database.db, { log: (line) => process.stdout.write(`  ${line}\n`) });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(`Lodgehall: demo data added in ${seconds} s.\n`);
  return true;
}

async function printWelcome(
  demo: boolean,
  url: string,
  config: AppConfig,
  database: DatabaseHandle,
): Promise<void> {
  const lines = [``, `Lodgehall is running at ${url}${BASE_PATH}`];
  if (demo) {
    const { demoGuideLines } = await import('./db/seed/demo-guide.ts');
    lines.push(``, ...demoGuideLines({ mailKeptInOutbox: !config.SMTP_URL }));
  } else if (!(await hasAdministrator(database.db))) {
    // A hall's first start (issue 23): nobody can sign in yet, so say how to begin.
    lines.push(
      ``,
      `No administrator yet. Make the first one (its password is printed once):`,
      `  npm run lodgehall -- create-admin <username>`,
      `then sign in and open the Lodge Office. To load your roster from a spreadsheet:`,
      `  npm run lodgehall -- roster-import FILE --organization ORG   (see docs/roster-csv.md)`,
    );
  }
  lines.push(``, `Stop it with Ctrl-C.`, ``);
  process.stdout.write(lines.join('\n'));
}

async function main(): Promise<void> {
  const startedAt = performance.now();
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  let database: DatabaseHandle;
  try {
    database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
    await database.ping();
  } catch (error) {
    if (error instanceof DatabaseUnavailableError) {
      fail(
        `Lodgehall cannot start: ${error.message}\nCheck DATABASE_URL (or DATA_DIR for SQLite).`,
      );
    }
    throw error;
  }

  // Nodes started together take turns from here to the demo images: the first migrates and
  // seeds, the others then find the work done (D76). A start that fails exits, which ends its
  // session and so frees the lock.
  const startLock = await holdAdvisoryLock(database.db, 'start');
  try {
    await migrateToLatest(database.db);
    await migrateJobQueue(database, config.DATABASE_URL);
  } catch (error) {
    if (error instanceof MigrationError) fail(`Lodgehall cannot start: ${error.message}`);
    throw error;
  }
  const demo = await seedIfEmpty(config, database);

  const app = await buildApp({ config, database });
  await app.services.storage.check().catch((error: unknown) => {
    if (error instanceof StorageUnavailableError) fail(`Lodgehall cannot start: ${error.message}`);
    throw error;
  });
  const storageWarning = sharedStorageWarning(config, database.engine);
  if (storageWarning) app.log.warn(storageWarning);
  if (demo) await (await import('./db/seed/demo-images.ts')).ensureDemoImages(app.services.storage);
  await startLock.release();
  let closing = false;
  const shutdown = (signal: string): void => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    fail(`Lodgehall cannot listen on ${config.HOST}:${config.PORT}: ${reason}\nSet PORT or HOST.`);
  }
  // Jobs run once the node serves: their work may reach for anything the app holds.
  await app.services.jobs.start();
  // The digest chain queues each next day itself; this starts it, once however many nodes start
  // (the day's key). Test servers leave it out: a digest due mid-test would mail their members.
  await scheduleDigest(database.db, app.services.jobs, nextDigestDay(Date.now()));
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const host = config.HOST === '127.0.0.1' || config.HOST === '0.0.0.0' ? 'localhost' : config.HOST;
  const url = config.PUBLIC_URL?.replace(/\/$/, '') ?? `http://${host}:${port}`;
  app.log.info(
    { engine: database.engine, readyInMs: Math.round(performance.now() - startedAt) },
    'ready',
  );
  await printWelcome(demo, url, config, database);
}

main().catch((error: unknown) => {
  const reason = error instanceof Error ? (error.stack ?? error.message) : String(error);
  fail(`Lodgehall failed to start:\n${reason}`);
});
