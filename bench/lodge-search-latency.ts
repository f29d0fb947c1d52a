/**
 * Lodge search at the server (issue 11, docs/decisions.md D40): the time `searchClubs`
 * takes, SQL and all, as persona M, for texts a member types (`oak`, a city, a number...). The
 * search is a substring scan of the clubs of the member's organisations, so what matters is how
 * many clubs an organisation has: `--extra-clubs N` first adds N made-up lodges to M's
 * organisation (use it on a copy of a data set, never on one you keep).
 *
 *   npx tsx bench/lodge-search-latency.ts --data-dir bench/.data/scale-50
 *   npx tsx bench/lodge-search-latency.ts --data-dir /tmp/copy --extra-clubs 3000
 *   npx tsx bench/lodge-search-latency.ts --database-url postgres://.../lodgehall_bench_50
 */
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { lodgeSearchKey } from '../common/lodge-search.ts';
import { openDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { DEMO_CLUBS, MEMBER } from '../server/db/seed/personas.ts';
import { searchClubs } from '../server/services/clubs.ts';
import type { ServiceContext } from '../server/services/context.ts';
import { createMemo } from '../server/services/memo.ts';
import { summarise } from './lib/stats.ts';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    'database-url': { type: 'string' },
    samples: { type: 'string', default: '300' },
    'extra-clubs': { type: 'string', default: '0' },
  },
});

const samples = Number(values.samples);
const handle = await openDatabase({
  url: values['database-url'],
  dataDir: values['data-dir'] ?? 'bench/.data/scale-50',
});
await migrateToLatest(handle.db);
const ctx = { db: handle.db, engine: handle.engine, memo: createMemo() } as ServiceContext;
const me = await handle.db
  .selectFrom('users')
  .select(['id', 'party_id'])
  .where('username', '=', MEMBER.username)
  .executeTakeFirstOrThrow();
const actor = { kind: 'member', userId: me.id, partyId: me.party_id, isAdmin: false } as const;

const extra = Number(values['extra-clubs']);
if (extra > 0) {
  const lodge = await handle.db
    .selectFrom('clubs')
    .selectAll()
    .where('subdomain', '=', DEMO_CLUBS.L1)
    .executeTakeFirstOrThrow();
  const words = ['Oak', 'Cedar', 'Union', 'Star', 'Temple', 'Acacia', 'Mount', 'Valley', 'Hiram'];
  const towns = ['Dayton', 'Akron', 'Toledo', 'Xenia', 'Lima', 'Piqua', 'Troy', 'Kent', 'Ada'];
  const now = Date.now();
  for (let n = 1; n <= extra; n += 1) {
    const name = `${words[n % words.length]} ${words[(n * 7) % words.length]} Lodge No. ${1000 + n}`;
    const fields = {
      name,
      formal_name: `${name}, F&AM`,
      city: towns[(n * 5) % towns.length] ?? '',
    };
    const { id: _id, search_key: _key, ...rest } = lodge;
    await handle.db
      .insertInto('clubs')
      .values({
        ...rest,
        ...fields,
        subdomain: `benchlodge${now}${n}`,
        search_key: lodgeSearchKey(fields),
      })
      .execute();
  }
}

const count = await handle.db
  .selectFrom('clubs')
  .select((eb) => eb.fn.countAll<number>().as('n'))
  .executeTakeFirstOrThrow();
const texts = ['oak', 'lodge', 'columbus', 'no. 4', 'zzzz', 'cedar star', 'jose', 'f&am'];
console.log(`engine ${handle.engine}, ${count.n} clubs in all, ${samples} searches each`);
for (const text of texts) {
  for (let i = 0; i < 30; i += 1) await searchClubs(ctx, actor, text);
  const times: number[] = [];
  let found = 0;
  for (let i = 0; i < samples; i += 1) {
    const start = performance.now();
    const answer = await searchClubs(ctx, actor, text);
    times.push(performance.now() - start);
    found = answer.clubs.length;
  }
  const { p50, p99, max } = summarise(times);
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  console.log(
    `"${text}": p50 ${ms(p50)}, p99 ${ms(p99)}, max ${ms(max)}, ${found} on the first page`,
  );
}
await handle.close();
