import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import Fastify, { LogController } from 'fastify';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { purgeExpiredCodes } from './auth/one-time-codes.ts';
import { createSaltStore } from './auth/salt-store.ts';
import { purgeExpiredLimits } from './auth/rate-limit.ts';
import { purgeExpiredSessions } from './auth/sessions.ts';
import type { AppConfig } from './config.ts';
import { runUnlessLocked } from './db/advisory-locks.ts';
import { isDatabaseUnavailable } from './db/database.ts';
import type { DatabaseHandle } from './db/database.ts';
import { loggedUrl } from './http/logged-url.ts';
import { createMailer } from './mail/mailer.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerJsonBody } from './plugins/json-body.ts';
import { createDatabaseOutage } from './plugins/database-outage.ts';
import {
  answerClientError,
  answerFrameworkError,
  registerProblemHandling,
} from './plugins/problems.ts';
import { serializerCompiler } from './plugins/serializer.ts';
import { registerSecurity, requestIdFrom } from './plugins/security.ts';
import { registerSpa } from './plugins/spa.ts';
import { registerHealthRoutes } from './routes/health/index.ts';
import { registerApiRoutes } from './routes/index.ts';
import { registerMediaRoutes } from './routes/media/index.ts';
import { registerCalendarFeedDownloadRoutes } from './routes/calendar-feeds/index.ts';
import { registerOneClickUnsubscribeRoute } from './routes/mail-settings/index.ts';
import { createPayments } from './payments/index.ts';
import { registerPaymentRoutes } from './routes/payments/index.ts';
import { createSmsSender } from './sms/sms-sender.ts';
import { createStorage } from './storage/index.ts';
import type { ServiceContext } from './services/context.ts';
import { createCalendarDerived } from './services/calendar-derived.ts';
import { createBackgroundTasks } from './services/background-tasks.ts';
import { createMemo } from './services/memo.ts';
import { createJobQueue } from './jobs/job-queue.ts';
import type { JobQueueOptions } from './jobs/job-queue.ts';
import { mailTask } from './mail/mail-jobs.ts';
import { reminderTask } from './services/unguarded/event-reminders.ts';
import { digestTask } from './services/unguarded/notice-digest.ts';
import { failInterruptedRosterImports } from './services/roster-imports.ts';
import { extendShortSeries } from './services/unguarded/series-occurrences.ts';
import { createInProcessBus, purgeBusEvents, type Bus } from './realtime/bus.ts';
import { createPostgresBus } from './realtime/postgres-bus.ts';
import { createChatActivityCache } from './realtime/chat-activity.ts';
import { createMemberStreamHub } from './services/event-streams.ts';
import { userMetadata } from './services/user-metadata.ts';
import { APP_VERSION } from './version.ts';

export interface BuildAppOptions {
  config: AppConfig;
  database: DatabaseHandle;
  /** Where the built SPA lives; defaults to dist/web beside the server build. */
  webRoot?: string;
  /** Overrides the logger (tests pass false). */
  logger?: FastifyServerOptions['logger'];
  /** The job queue's timings (tests poll more often, D79). */
  jobs?: Pick<JobQueueOptions, 'pollIntervalMs' | 'recoverIntervalMs' | 'retryBaseMs'>;
}

/** JSON bodies above this are refused with 413; upload routes raise it for themselves. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

const SWEEP_INTERVAL_MS = 60_000;
/**
 * How long a node that sweeps keeps the others from sweeping: their clocks and timers may
 * disagree by this much before a minute is swept twice (which only repeats idempotent deletes).
 * One pooled connection of one node is held meanwhile.
 */
const SWEEP_HOLD_MS = 10_000;

/**
 * Reports each kind of failure (`what`) at most once a minute: the job queue meets an outage at
 * every poll and would say so each time (the several-nodes outage test counts the lines).
 */
function oncePerMinute(
  report: (error: unknown, what: string) => void,
): (error: unknown, what: string) => void {
  const last = new Map<string, number>();
  return (error, what) => {
    const now = Date.now();
    if (now - (last.get(what) ?? -Infinity) < 60_000) return;
    last.set(what, now);
    report(error, what);
  };
}

function defaultWebRoot(): string {
  // Works from the TypeScript sources (server/) and the build (dist/node/server/).
  const here = path.dirname(fileURLToPath(import.meta.url));
  const repoRoot = here.includes(`${path.sep}dist${path.sep}node`)
    ? path.resolve(here, '../../..')
    : path.resolve(here, '..');
  return path.join(repoRoot, 'dist', 'web');
}

declare module 'fastify' {
  interface FastifyInstance {
    services: ServiceContext;
  }
}

function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.LOG_LEVEL },
    // One log line per request (onResponse below) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: DEFAULT_BODY_LIMIT,
    genReqId: (request) => requestIdFrom(request.headers['x-request-id']),
    // A number of hops is given as a function: Fastify's types take no number, proxy-addr does the same.
    trustProxy:
      typeof config.TRUST_PROXY === 'number' ? trustHops(config.TRUST_PROXY) : config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: false },
    // Every refusal is problem+json (docs/architecture.md §4), the framework's and Node's own too:
    // they are answered in plugins/problems.ts instead of with Fastify's internal codes.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    return503OnClosing: false,
    http: { requireHostHeader: false },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const salts = await createSaltStore(database.db, database.engine);
  const busFailed = (error: unknown, what: string) =>
    app.log.error({ err: error }, `${what} failed`);
  // One node on SQLite; on PostgreSQL every node LISTENs, so any number may share it (D74).
  const bus: Bus =
    database.engine === 'postgres' && config.DATABASE_URL
      ? await createPostgresBus({
          db: database.db,
          url: config.DATABASE_URL,
          onError: busFailed,
          // Back after a lost LISTEN connection: what the node missed may be swept already.
          onResync: () => {
            services.chatActivity.clear();
            services.memo.forget('');
          },
        })
      : createInProcessBus((error) => busFailed(error, 'a bus listener'));
  // The composition root (docs/decisions.md D59): every long-lived object is made here.
  const services: ServiceContext = {
    db: database.db,
    engine: database.engine,
    config,
    memo: createMemo(),
    mailer: createMailer(config, database.db, app.log),
    sms: createSmsSender(database.db, app.log),
    salts,
    storage: createStorage(config),
    bus,
    calendarDerived: createCalendarDerived(),
    payments: createPayments(config),
    chatActivity: createChatActivityCache(database.db, bus),
    streams: createMemberStreamHub(
      { db: database.db, bus, config },
      // Asked when a stream opens or an event comes, by when `services` is made.
      (partyId) => userMetadata(services, partyId),
      (error, what) => app.log.error({ err: error }, `${what} failed`),
    ),
    background: createBackgroundTasks((error, what) =>
      app.log.error({ err: error }, `${what} failed`),
    ),
    jobs: await createJobQueue(database, config.DATABASE_URL, {
      ...options.jobs,
      onError: oncePerMinute((error, what) => app.log.error({ err: error }, `${what} failed`)),
    }),
  };
  app.decorate('services', services);
  // Every task this node runs, in one place (D78, D79).
  services.jobs.register(
    mailTask({
      db: database.db,
      mailer: services.mailer,
      publicUrl: config.PUBLIC_URL,
      log: app.log,
    }),
  );
  // Reminders before a meeting a member is Going to (D81).
  services.jobs.register(
    reminderTask({ db: database.db, jobs: services.jobs, publicUrl: config.PUBLIC_URL }),
  );
  // The daily digest of notices (D83); server/main.ts queues the first day's.
  services.jobs.register(
    digestTask({ db: database.db, jobs: services.jobs, publicUrl: config.PUBLIC_URL }),
  );
  // Reference data changed through any node (D74).
  bus.subscribe(({ payload }) => {
    if (payload.kind === 'cache') services.memo.forget(payload.prefix);
  });
  // Before the server waits for its connections to finish: a stream never would.
  app.addHook('preClose', async () => services.streams.closeAll());
  app.addHook('onClose', async () => services.chatActivity.close());
  // Before the database goes: a running import still writes its end.
  app.addHook('onClose', async () => services.background.drain());
  // Takes no more jobs and lets those under way end while the database is still there.
  app.addHook('onClose', async () => services.jobs.stop());
  app.addHook('onClose', async () => services.mailer.close());
  app.addHook('onClose', async () => services.storage.close());
  // Imports that were running when the last process ended never finish (D65).
  app.addHook('onReady', async () => {
    const interrupted = await failInterruptedRosterImports(services);
    if (interrupted > 0) app.log.warn({ interrupted }, 'roster imports interrupted by a restart');
  });
  app.addHook('onClose', async () => salts.close());
  app.addHook('onClose', async () => bus.close());

  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: loggedUrl(request.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        ip: request.ip,
        client: request.headers['x-client-id'],
        clientVersion: request.headers['x-client-version'],
      },
      'request',
    );
  });
  const outage = createDatabaseOutage(() => database.ping(), app.log);
  app.addHook('onClose', async () => outage.close());
  registerProblemHandling(app, outage);
  registerJsonBody(app);
  registerSecurity(app, config);
  await app.register(cookie);
  await registerOpenApi(app, APP_VERSION, config.PUBLIC_URL?.startsWith('https:') ?? false);

  registerHealthRoutes(app, database, outage);
  await app.register(registerApiRoutes);
  registerMediaRoutes(app);
  registerCalendarFeedDownloadRoutes(app);
  registerPaymentRoutes(app);
  registerOneClickUnsubscribeRoute(app);
  await registerSpa(app, options.webRoot ?? defaultWebRoot());

  // Expired sessions, salts, rate-limit windows, codes and bus events are swept once a minute
  // across the nodes (D76): every node's sweep is due at the turn of the clock's minute, and
  // the first to take the lock keeps it a while, so the others' sweeps of that minute skip.
  const sweeps = new AbortController();
  const sweep = () => {
    const now = Date.now();
    runUnlessLocked(
      database.db,
      'sweep',
      () =>
        Promise.all([
          purgeExpiredSessions(database.db, now),
          purgeExpiredLimits(database.db, now),
          purgeExpiredCodes(database.db, now),
          salts.purge(now),
          purgeBusEvents(database.db, now),
          // A node that died mid-import: its import ends failed within the minute (D77).
          failInterruptedRosterImports(services),
          // Recurring meetings get their rows a year ahead, a few series a minute (D80).
          extendShortSeries(database.db, now),
        ]),
      { holdMs: SWEEP_HOLD_MS, signal: sweeps.signal },
    ).catch((error: unknown) => {
      if (isDatabaseUnavailable(error)) outage.failed(error);
      else app.log.warn({ err: error }, 'sweeping expired rows failed');
    });
  };
  let sweeper: NodeJS.Timeout | undefined;
  const scheduleSweep = (atLeastMs: number) => {
    const untilTurn = SWEEP_INTERVAL_MS - ((Date.now() + atLeastMs) % SWEEP_INTERVAL_MS);
    sweeper = setTimeout(() => {
      sweep();
      scheduleSweep(0);
    }, atLeastMs + untilTurn);
    sweeper.unref();
  };
  // Not in a node's first minute, as before: a short-lived app (a test's) never sweeps.
  scheduleSweep(SWEEP_INTERVAL_MS);
  app.addHook('onClose', async () => {
    clearTimeout(sweeper);
    sweeps.abort();
  });

  return app;
}
