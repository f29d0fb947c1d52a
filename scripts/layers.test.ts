import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The layer rules of eslint.config.js (docs/architecture.md §3) refuse each import across a
 * line, and let the ordinary ones through. Each case lints one import as if it were written in
 * that file, with the repository's own configuration.
 */
const eslint = new ESLint();

// The first lint loads the configuration, typescript-eslint and its parser: seconds on a loaded
// machine, which ran over the first case's five-second limit. Done once here, with its own.
beforeAll(async () => {
  await eslint.lintText('export {};\n', { filePath: 'server/services/session.ts' });
}, 120_000);

async function refusals(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nvoid x;\n`, { filePath: file });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === '@typescript-eslint/no-restricted-imports')
    .map((message) => message.message);
}

const refused: [where: string, file: string, source: string, reason: RegExp][] = [
  [
    'a handler imports the database',
    'server/routes/posts/index.ts',
    "import { clubIdsOf as x } from '../../db/memberships.ts';",
    /Handlers hold no SQL/,
  ],
  [
    'a handler imports a type from the database',
    'server/routes/posts/index.ts',
    "import type { Database as x } from '../../db/schema.ts';",
    /Handlers hold no SQL/,
  ],
  [
    'a route folder imports another',
    'server/routes/posts/index.ts',
    "import { registerSessionRoutes as x } from '../session/index.ts';",
    /does not import another route folder/,
  ],
  [
    'a route folder imports another through routes/',
    'server/routes/posts/index.ts',
    "import { registerSessionRoutes as x } from '../../routes/session/index.ts';",
    /does not import another route folder/,
  ],
  [
    'a shared HTTP helper reads the database',
    'server/http/cookies.ts',
    "import { clubIdsOf as x } from '../db/memberships.ts';",
    /Handlers hold no SQL/,
  ],
  [
    'a service uses an HTTP helper',
    'server/services/session.ts',
    "import { setSessionCookie as x } from '../http/cookies.ts';",
    /know no HTTP/,
  ],
  [
    'the database layer uses an HTTP helper',
    'server/db/memberships.ts',
    "import { setSessionCookie as x } from '../http/cookies.ts';",
    /know no HTTP/,
  ],
  [
    'a service imports a route',
    'server/services/comments.ts',
    "import { registerPostRoutes as x } from '../routes/posts/index.ts';",
    /never know about HTTP routes/,
  ],
  [
    'a handler imports an actor-less helper',
    'server/routes/session/index.ts',
    "import { createAdmin as x } from '../../services/unguarded/admin.ts';",
    /check no actor/,
  ],
  [
    'the route registry imports an actor-less helper',
    'server/routes/index.ts',
    "import { createAdmin as x } from '../services/unguarded/admin.ts';",
    /check no actor/,
  ],
  [
    'a policy imports a route',
    'server/policies/posts.ts',
    "import { registerPostRoutes as x } from '../routes/posts/index.ts';",
    /never know about HTTP routes/,
  ],
  [
    'a policy reads the database',
    'server/policies/posts.ts',
    "import { standingOf as x } from '../db/memberships.ts';",
    /read no database/,
  ],
  [
    'the database layer calls a service',
    'server/db/memberships.ts',
    "import { listFeedPosts as x } from '../services/post-feed.ts';",
    /must not call them/,
  ],
  [
    'the browser app imports the server',
    'web/main.tsx',
    "import { VISITOR as x } from '../server/auth/actor.ts';",
    /never import the server/,
  ],
  [
    'the HTTP client imports a domain module',
    'web/http/client.ts',
    "import { postKeys as x } from '../api/posts.ts';",
    /never the other way round/,
  ],
  [
    'the server imports the browser app',
    'server/app.ts',
    "import { routes as x } from '../web/routes.tsx';",
    /never import the browser app/,
  ],
  [
    'common code imports the server',
    'common/phone.ts',
    "import { VISITOR as x } from '../server/auth/actor.ts';",
    /never import the server/,
  ],
];

const allowed: [where: string, file: string, source: string][] = [
  [
    'a handler calls its service',
    'server/routes/posts/index.ts',
    "import { getPost as x } from '../../services/posts.ts';",
  ],
  [
    'a handler uses the shared HTTP helpers',
    'server/routes/registration/index.ts',
    "import { bodyErrors as x } from '../../http/forms.ts';",
  ],
  [
    'the route registry imports route folders',
    'server/routes/index.ts',
    "import { registerPostRoutes as x } from './posts/index.ts';",
  ],
  [
    'a service uses the membership module',
    'server/services/posts.ts',
    "import { standingOf as x } from '../db/memberships.ts';",
  ],
  [
    'a policy names a database type',
    'server/policies/posts.ts',
    "import type { Access as x } from '../db/schema.ts';",
  ],
  [
    'an API test reads the demo personas',
    'server/routes/posts/posts.api.test.ts',
    "import { MEMBER as x } from '../../db/seed/personas.ts';",
  ],
];

describe('layer lint (docs/architecture.md §3)', () => {
  for (const [where, file, source, reason] of refused) {
    it(`refuses: ${where}`, async () => {
      const messages = await refusals(file, source);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatch(reason);
    });
  }
  for (const [where, file, source] of allowed) {
    it(`allows: ${where}`, async () => {
      expect(await refusals(file, source)).toEqual([]);
    });
  }
});

/** What the query rule of eslint.config.js (D56) says of a service's source. */
async function queryRefusals(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: file });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-syntax')
    .map((message) => message.message);
}

const SERVICE = 'server/services/dues.ts';
const CTX = "import type { ServiceContext } from './context.ts';\n";

const queriesRefused: [where: string, file: string, source: string][] = [
  [
    'a select',
    SERVICE,
    `${CTX}export const x = (ctx: ServiceContext) => ctx.db.selectFrom('dues');`,
  ],
  [
    'an insert',
    SERVICE,
    `${CTX}export const x = (ctx: ServiceContext) => ctx.db.insertInto('dues');`,
  ],
  [
    'an update',
    SERVICE,
    `${CTX}export const x = (ctx: ServiceContext) => ctx.db.updateTable('dues');`,
  ],
  [
    'a delete',
    SERVICE,
    `${CTX}export const x = (ctx: ServiceContext) => ctx.db.deleteFrom('dues');`,
  ],
  [
    'a select with no table',
    SERVICE,
    `${CTX}export const x = (ctx: ServiceContext) => ctx.db.selectNoFrom([]);`,
  ],
  [
    'a common table expression',
    SERVICE,
    `${CTX}export const x = (ctx: ServiceContext) => ctx.db.with('d', (db) => db);`,
  ],
  ['an sql template', SERVICE, "import { sql } from 'kysely';\nexport const x = sql`select 1`;"],
  [
    'a query in an actor-less helper',
    'server/services/unguarded/admin.ts',
    `import type { Kysely } from 'kysely';\nexport const x = (db: Kysely<object>) => db.selectFrom('users' as never);`,
  ],
];

describe('queries live in server/db/ (docs/decisions.md D56)', () => {
  for (const [where, file, source] of queriesRefused) {
    it(`refuses in a service: ${where}`, async () => {
      const messages = await queryRefusals(file, source);
      expect(messages.length).toBeGreaterThan(0);
      for (const message of messages) expect(message).toMatch(/server\/db\/.*D56/);
    });
  }
  it('allows a service its transaction and its query functions', async () => {
    const source = `${CTX}import { duesAtClub } from '../db/dues.ts';
export const x = (ctx: ServiceContext) =>
  ctx.db.transaction().execute((trx) => duesAtClub(trx, 1, 2));`;
    expect(await queryRefusals(SERVICE, source)).toEqual([]);
  });
  it('allows a query module its queries', async () => {
    const source = `import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';
export const x = (db: Kysely<Database>) => db.selectFrom('dues').selectAll().execute();`;
    expect(await queryRefusals('server/db/dues.ts', source)).toEqual([]);
  });
  it('still refuses a default export in a service', async () => {
    expect(await queryRefusals(SERVICE, 'export default 1;')).toEqual(['Use named exports.']);
  });
});
