import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';
import { ConfigError, loadConfig } from '../server/config.ts';
import { holdAdvisoryLock } from '../server/db/advisory-locks.ts';
import { DatabaseUnavailableError, openDatabase } from '../server/db/database.ts';
import type { DatabaseHandle } from '../server/db/database.ts';
import { MigrationError, migrateToLatest } from '../server/db/migrate.ts';
import type { SeedSummary } from '../server/db/seed/index.ts';

class UsageError extends Error {
  constructor(
    message: string,
    readonly help: string,
  ) {
    super(message);
  }
}

interface Command {
  summary: string;
  help: string;
  options: NonNullable<ParseArgsConfig['options']>;
  run(args: {
    values: Record<string, string | boolean | undefined>;
    positionals: string[];
  }): Promise<void>;
}

const out = (line = ''): void => {
  process.stdout.write(`${line}\n`);
};

async function withDatabase<T>(work: (database: DatabaseHandle) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

/** Migrations in turn with nodes that are starting and other commands (D76). */
async function migrateInTurn(database: DatabaseHandle): Promise<string[]> {
  const startLock = await holdAdvisoryLock(database.db, 'start');
  try {
    return await migrateToLatest(database.db);
  } finally {
    await startLock.release();
  }
}

function positiveInteger(
  name: string,
  value: string | boolean | undefined,
  help: string,
): number | undefined {
  if (value === undefined) return undefined;
  const text = String(value);
  if (!/^\d+$/.test(text) || Number(text) < 1) {
    throw new UsageError(`--${name} expects a whole number of 1 or more, not "${text}".`, help);
  }
  return Number(text);
}

/** A failure that is not a misuse: its message, without the usage, and exit code 1. */
class ExitError extends Error {}

async function readRosterFile(file: string, help: string): Promise<string> {
  const { readFile } = await import('node:fs/promises');
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    throw new UsageError(`Cannot read ${file}: ${(error as Error).message}`, help);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ExitError(`${file} is not UTF-8 text. Save it as "CSV UTF-8" and try again.`);
  }
}

/** --organization: an id or an exact name, of exactly one organisation. */
async function organizationArgument(
  database: DatabaseHandle,
  value: string | boolean | undefined,
  help: string,
): Promise<number> {
  if (value === undefined || value === true || value === '') {
    throw new UsageError('--organization ORG is required (its id or exact name).', help);
  }
  const { organizationForRoster } = await import('../server/db/roster.ts');
  const found = await organizationForRoster(database.db, String(value));
  if (found.length === 0) throw new UsageError(`No organisation "${String(value)}".`, help);
  if (found.length > 1) {
    throw new UsageError(`Several organisations are named "${String(value)}"; use the id.`, help);
  }
  return found[0]?.id ?? 0;
}

const commands: Record<string, Command> = {
  migrate: {
    summary: 'Bring the database schema up to date',
    help: `Usage: npm run lodgehall -- migrate

Runs every migration not yet applied to the database named by DATABASE_URL
(or the SQLite file in DATA_DIR). npm start does this too.`,
    options: {},
    async run() {
      await withDatabase(async (database) => {
        const applied = await migrateInTurn(database);
        out(applied.length ? `Applied: ${applied.join(', ')}` : 'The schema is up to date.');
        out(`Database: ${database.location}`);
      });
    },
  },

  seed: {
    summary: 'Fill an empty database with demo data',
    help: `Usage: npm run lodgehall -- seed [--scale N] [--seed S]

Migrates, then adds the deterministic demo data set: the same seed always gives the
same data. --scale N multiplies members, posts, comments and messages (N=50 gives
about 100,000 members and over 1,000,000 chat messages) for benchmarks.
The database must be empty: point DATA_DIR or DATABASE_URL at a new one.

Options:
  --scale N   size multiplier, a whole number of 1 or more (default 1)
  --seed S    random seed, a whole number (default 1)`,
    options: { scale: { type: 'string' }, seed: { type: 'string' } },
    async run({ values }) {
      const help = commands.seed?.help ?? '';
      const scale = positiveInteger('scale', values.scale, help) ?? 1;
      const seed = values.seed === undefined ? 1 : Number(values.seed);
      if (!Number.isSafeInteger(seed)) {
        throw new UsageError(`--seed expects a whole number, not "${String(values.seed)}".`, help);
      }
      const { isDatabaseSeeded, seedDemo } = await import('../server/db/seed/index.ts');
      await withDatabase(async (database) => {
        // In turn with nodes that are starting, which seed an empty database too (D76).
        const startLock = await holdAdvisoryLock(database.db, 'start');
        const started = performance.now();
        let summary: SeedSummary;
        try {
          await migrateToLatest(database.db);
          if (await isDatabaseSeeded(database.db)) {
            throw new UsageError(
              `The database at ${database.location} already has data. Seed an empty one (set DATA_DIR or DATABASE_URL).`,
              help,
            );
          }
          summary = await seedDemo(database.db, {
            seed,
            scale,
            log: (line) => out(`  ${line}`),
          });
        } finally {
          await startLock.release();
        }
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        out(`Seeded ${database.location} at scale ${scale} with seed ${seed} in ${seconds} s.`);
        for (const [table, count] of Object.entries(summary)) out(`  ${table.padEnd(28)} ${count}`);
      });
    },
  },

  'create-admin': {
    summary: 'Create an administrator account, or make an existing user one',
    help: `Usage: npm run lodgehall -- create-admin <username>

Makes <username> an administrator. When no such user exists, creates one with a
new random password, printed once. Set LODGEHALL_ADMIN_PASSWORD to choose the
password instead.`,
    options: {},
    async run({ positionals }) {
      const help = commands['create-admin']?.help ?? '';
      const [username, ...rest] = positionals;
      if (!username) throw new UsageError('create-admin needs a username.', help);
      if (rest.length) throw new UsageError(`Unexpected argument: ${rest.join(' ')}`, help);
      const { CreateAdminError, createAdmin } =
        await import('../server/services/unguarded/admin.ts');
      await withDatabase(async (database) => {
        await migrateInTurn(database);
        const result = await createAdmin(database.db, {
          username,
          password: process.env.LODGEHALL_ADMIN_PASSWORD,
        }).catch((error: unknown) => {
          throw error instanceof CreateAdminError ? new UsageError(error.message, help) : error;
        });
        if (result.created) {
          out(`Created administrator "${result.username}".`);
          if (result.generatedPassword) out(`Password (shown once): ${result.generatedPassword}`);
        } else {
          out(`"${result.username}" is now an administrator.`);
        }
      });
    },
  },

  'roster-import': {
    summary: 'Import a roster CSV file into an organisation (docs/roster-csv.md)',
    help: `Usage: npm run lodgehall -- roster-import FILE --organization ORG [--dry-run]

Reads the roster file FILE (CSV, format in docs/roster-csv.md) into the organisation ORG
(its id or exact name): new member numbers become members, members on record are updated
where the file differs, and members and clubs the file does not name are left alone.
Prints "added N, updated N, unchanged N, errors N", then one line per row error,
"line L: column: message". A file with any row error changes nothing and exits 1.

Options:
  --organization ORG   the organisation's id or exact name (required)
  --dry-run            check the file and count the changes, change nothing
                       (exits 0 when the file is clean, 1 when not)`,
    options: { organization: { type: 'string' }, 'dry-run': { type: 'boolean' } },
    async run({ values, positionals }) {
      const help = commands['roster-import']?.help ?? '';
      const [file, ...rest] = positionals;
      if (!file) throw new UsageError('roster-import needs a FILE.', help);
      if (rest.length) throw new UsageError(`Unexpected argument: ${rest.join(' ')}`, help);
      const csv = await readRosterFile(file, help);
      const { importRoster } = await import('../server/services/unguarded/roster/import-roster.ts');
      await withDatabase(async (database) => {
        await migrateInTurn(database);
        const organizationId = await organizationArgument(database, values.organization, help);
        const outcome = await importRoster(database.db, csv, {
          organizationId,
          dryRun: values['dry-run'] === true,
          scope: { kind: 'all' },
          actorUserId: null,
        });
        if (outcome.failure !== null) throw new ExitError(outcome.failure);
        out(
          `added ${outcome.added}, updated ${outcome.updated}, unchanged ${outcome.unchanged}, errors ${outcome.errors.length}`,
        );
        for (const error of outcome.errors) {
          out(`line ${error.line}: ${error.column}: ${error.message}`);
        }
        if (outcome.errors.length) {
          throw new ExitError(
            values['dry-run'] === true
              ? 'The file has errors.'
              : 'The file has errors: nothing was changed.',
          );
        }
        if (values['dry-run'] === true) out('Dry run: nothing was changed.');
      });
    },
  },

  'roster-export': {
    summary: "Write an organisation's roster as CSV to standard output",
    help: `Usage: npm run lodgehall -- roster-export --organization ORG [--club SUBDOMAIN]

Writes the roster of the organisation ORG (its id or exact name) to standard output in
the format roster-import reads (docs/roster-csv.md): one row per member and club.
With --club, only the rows of that club.

Options:
  --organization ORG   the organisation's id or exact name (required)
  --club SUBDOMAIN     only this club's rows`,
    options: { organization: { type: 'string' }, club: { type: 'string' } },
    async run({ values, positionals }) {
      const help = commands['roster-export']?.help ?? '';
      if (positionals.length) {
        throw new UsageError(`Unexpected argument: ${positionals.join(' ')}`, help);
      }
      const { exportRoster } = await import('../server/services/unguarded/roster/export-roster.ts');
      const { rosterClubs } = await import('../server/db/roster.ts');
      await withDatabase(async (database) => {
        await migrateInTurn(database);
        const organizationId = await organizationArgument(database, values.organization, help);
        let clubId: number | undefined;
        if (values.club !== undefined) {
          const subdomain = String(values.club).toLowerCase();
          const clubs = await rosterClubs(database.db, organizationId);
          clubId = clubs.find((club) => club.subdomain.toLowerCase() === subdomain)?.id;
          if (clubId === undefined) {
            throw new UsageError(`No club "${String(values.club)}" in this organisation.`, help);
          }
        }
        for await (const chunk of exportRoster(database.db, {
          organizationId,
          clubId,
          scope: { kind: 'all' },
        })) {
          if (!process.stdout.write(chunk)) {
            await new Promise((resolve) => process.stdout.once('drain', resolve));
          }
        }
      });
    },
  },

  outbox: {
    summary: 'Print the newest messages of the outbox (e-mails and texts kept, not sent)',
    help: `Usage: npm run lodgehall -- outbox [--last N]

Prints the newest N messages kept in the outbox, newest last: time, channel
(email or sms), recipient, subject and body. Without SMTP_URL, e-mails (such as
the codes of registration and password reset) are kept there instead of sent, and
so are text messages while no SMS provider is set up.

Options:
  --last N   how many messages, a whole number of 1 or more (default 10)`,
    options: { last: { type: 'string' } },
    async run({ values }) {
      const help = commands.outbox?.help ?? '';
      const last = positiveInteger('last', values.last, help) ?? 10;
      const { lastOutboxMessages } = await import('../server/mail/outbox.ts');
      await withDatabase(async (database) => {
        await migrateInTurn(database);
        const messages = await lastOutboxMessages(database.db, last);
        if (messages.length === 0) {
          out(`The outbox is empty (${database.location}).`);
          return;
        }
        for (const message of messages) {
          out(
            `--- ${new Date(message.created_at).toISOString()}  ${message.channel}  to ${message.to_address}`,
          );
          if (message.subject !== null) out(`Subject: ${message.subject}`);
          out(message.body);
          out();
        }
      });
    },
  },

  'failed-mail': {
    summary: 'Print the e-mails that could not be sent (their attempts used up)',
    help: `Usage: npm run lodgehall -- failed-mail [--last N]

Every e-mail goes out as a job of the job queue, which tries it again with longer
and longer waits when the mail server refuses it or cannot be reached. One whose
attempts are used up stays in the queue, failed: this prints the newest N of them,
newest first, with the recipient, the subject, the attempts and the last error.
A failed mail is not tried again by itself: --retry queues every one of them again,
once the mail server works; a mail that went out already is not sent twice.

Options:
  --last N   how many, a whole number of 1 or more (default 20)
  --retry    try every failed e-mail again now, with fresh attempts`,
    options: { last: { type: 'string' }, retry: { type: 'boolean' } },
    async run({ values }) {
      const help = commands['failed-mail']?.help ?? '';
      const last = positiveInteger('last', values.last, help) ?? 20;
      const { failedJobs, retryFailedJobs } = await import('../server/db/jobs.ts');
      const { MAIL_TASK } = await import('../server/mail/mail-jobs.ts');
      await withDatabase(async (database) => {
        if (values.retry) {
          const count = await retryFailedJobs(
            database.db,
            database.engine,
            MAIL_TASK.name,
            Date.now(),
          );
          out(`${count} failed e-mail(s) queued again; a running node sends them.`);
          return;
        }
        const failed = await failedJobs(database.db, database.engine, MAIL_TASK.name, last);
        if (failed.length === 0) {
          out(`No failed e-mail (${database.location}).`);
          return;
        }
        for (const job of failed) {
          const mail = MAIL_TASK.payload.safeParse(job.payload);
          const firstLine = (job.lastError ?? '').split('\n')[0] ?? '';
          out(`--- ${new Date(job.lastRunAt).toISOString()}  ${job.key ?? ''}`);
          if (mail.success) out(`To: ${mail.data.to}\nSubject: ${mail.data.subject}`);
          out(`Attempts: ${job.attempts}\nLast error: ${firstLine}`);
          out();
        }
      });
    },
  },
};

function overview(): string {
  const width = Math.max(...Object.keys(commands).map((name) => name.length));
  return [
    'Usage: npm run lodgehall -- <command> [options]',
    '',
    'Commands:',
    ...Object.entries(commands).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`),
    '',
    'Run a command with --help for its options. Settings come from the environment',
    '(DATA_DIR, DATABASE_URL, ...; see the README).',
  ].join('\n');
}

export async function runCli(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    out(overview());
    return name ? 0 : 1;
  }
  const command = commands[name];
  if (!command) {
    process.stderr.write(`Unknown command "${name}".\n\n${overview()}\n`);
    return 1;
  }
  try {
    const parsed = parseArgs({
      args: rest,
      options: { ...command.options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
    if (parsed.values.help) {
      out(command.help);
      return 0;
    }
    await command.run(parsed);
    return 0;
  } catch (error) {
    if (error instanceof ExitError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n\n${error.help}\n`);
      return 1;
    }
    if (
      error instanceof TypeError &&
      'code' in error &&
      String(error.code).startsWith('ERR_PARSE_ARGS')
    ) {
      process.stderr.write(`${error.message}\n\n${command.help}\n`);
      return 1;
    }
    if (
      error instanceof ConfigError ||
      error instanceof DatabaseUnavailableError ||
      error instanceof MigrationError
    ) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

runCli(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
