import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';
import { ConfigError, loadConfig } from '../server/config.ts';
import { DatabaseUnavailableError, openDatabase } from '../server/db/database.ts';
import type { DatabaseHandle } from '../server/db/database.ts';
import { MigrationError, migrateToLatest } from '../server/db/migrate.ts';

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

const commands: Record<string, Command> = {
  migrate: {
    summary: 'Bring the database schema up to date',
    help: `Usage: npm run lodgehall -- migrate

Runs every migration not yet applied to the database named by DATABASE_URL
(or the SQLite file in DATA_DIR). npm start does this too.`,
    options: {},
    async run() {
      await withDatabase(async (database) => {
        const applied = await migrateToLatest(database.db);
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
        await migrateToLatest(database.db);
        if (await isDatabaseSeeded(database.db)) {
          throw new UsageError(
            `The database at ${database.location} already has data. Seed an empty one (set DATA_DIR or DATABASE_URL).`,
            help,
          );
        }
        const started = performance.now();
        const summary = await seedDemo(database.db, {
          seed,
          scale,
          log: (line) => out(`  ${line}`),
        });
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
        await migrateToLatest(database.db);
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
        await migrateToLatest(database.db);
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
