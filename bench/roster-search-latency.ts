/**
 * The Lodge Office's roster search at the server (issue 23, docs/decisions.md D73): the time
 * `rosterList` takes, SQL, scope and presenting, for what secretaries and administrators type
 * and pick, one search at a time. The goal is a p99 under 50 ms with 100,000 members on either
 * engine.
 *
 *   npx tsx bench/roster-search-latency.ts --data-dir bench/.data/scale-50
 *   npx tsx bench/roster-search-latency.ts --database-url postgres://.../lodgehall_bench_50
 *
 * The data set is one `npm run bench -- <scenario> --scale 50` made (or `lodgehall seed`);
 * it is only read. A: an administrator, whose list is the whole grand lodge; S: the secretary
 * of the largest lodge, whose list is that lodge and the clubs below it.
 */
import { performance } from 'node:perf_hooks';
import { MEMBER_STATUS_VALUES } from '../common/schemas/console.ts';
import type { RosterQuery } from '../common/schemas/console.ts';
import { ADMIN, DEMO_ORGANIZATION_NAME, SECRETARY } from '../server/db/seed/personas.ts';
import { consoleScopeOf } from '../server/services/console-access.ts';
import { rosterList } from '../server/services/console-members.ts';
import { actorOf, openSearchBench, seededRandom } from './lib/search-latency.ts';
import { summarise } from './lib/stats.ts';

const { handle, ctx, samples } = await openSearchBench();
const db = handle.db;

const admin = await actorOf(ctx, ADMIN.username);
const secretary = await actorOf(ctx, SECRETARY.username);
const organization = await db
  .selectFrom('organizations')
  .select('id')
  .where('name', '=', DEMO_ORGANIZATION_NAME)
  .executeTakeFirstOrThrow();
const scope = await consoleScopeOf(ctx, secretary);
const secretaryClubs = scope.kind === 'all' ? [] : [...scope.clubIds];
const clubs = await db
  .selectFrom('clubs')
  .select('id')
  .where('organization_id', '=', organization.id)
  .execute();
const members = await db
  .selectFrom('member_statuses as ms')
  .innerJoin('parties as p', 'p.id', 'ms.party_id')
  .select(['p.first_name', 'p.last_name', 'ms.member_number'])
  .where('ms.organization_id', '=', organization.id)
  .orderBy('p.id')
  .execute();

const random = seededRandom(11);
const one = <T>(list: readonly T[]): T => {
  const item = list[Math.floor(random() * list.length)];
  if (item === undefined) throw new Error('nothing to pick from');
  return item;
};
const cut = (text: string, min: number, max: number) =>
  text.slice(0, min + Math.floor(random() * (max - min + 1)));
const page = () => (random() < 0.8 ? 1 : 2 + Math.floor(random() * 5));

type Ask = Omit<RosterQuery, 'organization_id' | 'page'> & { page?: number };

/** What a console user asks for: each kind a mix of the searches and filters the list offers. */
const kinds: Record<string, () => Ask> = {
  'browse, a page': () => ({ page: page() }),
  '1-2 letters': () => ({
    q: cut(random() < 0.5 ? one(members).first_name : one(members).last_name, 1, 2),
  }),
  '3-6 letters': () => ({
    q: cut(random() < 0.5 ? one(members).first_name : one(members).last_name, 3, 6),
  }),
  'first and last': () => {
    const member = one(members);
    return { q: `${cut(member.first_name, 2, 4)} ${cut(member.last_name, 1, 3)}` };
  },
  'member number': () => ({ q: cut(one(members).member_number, 2, 6) }),
  'a filter': () => {
    const pickOne = random();
    if (pickOne < 0.4) return { status: one(MEMBER_STATUS_VALUES), page: page() };
    if (pickOne < 0.7) return { club_id: one(clubs).id, page: page() };
    return { has_account: random() < 0.5 ? 'true' : 'false', page: page() };
  },
  'a filter and letters': () => ({
    q: cut(one(members).last_name, 1, 3),
    ...(random() < 0.5 ? { status: one(MEMBER_STATUS_VALUES) } : { club_id: one(clubs).id }),
  }),
};

const who = [
  { label: 'A', actor: admin, clubs: (ask: Ask) => ask },
  {
    label: 'S',
    actor: secretary,
    // A secretary's club filter is one of their own clubs.
    clubs: (ask: Ask) =>
      ask.club_id === undefined ? ask : { ...ask, club_id: one(secretaryClubs) },
  },
];

console.log(
  `engine ${handle.engine}, ${members.length} members in the organisation, ${samples} searches each`,
);
const ms = (value: number) => `${value.toFixed(2)} ms`;
let worst = 0;
for (const person of who) {
  for (const [label, make] of Object.entries(kinds)) {
    const ask = () => {
      const wanted = person.clubs(make());
      return { organization_id: organization.id, page: wanted.page ?? 1, ...wanted };
    };
    for (let i = 0; i < 30; i += 1) await rosterList(ctx, person.actor, ask());
    const times: number[] = [];
    let found = 0;
    for (let i = 0; i < samples; i += 1) {
      const query = ask();
      const start = performance.now();
      const answer = await rosterList(ctx, person.actor, query);
      times.push(performance.now() - start);
      found += answer.members.length;
    }
    const { p50, p99, max } = summarise(times);
    worst = Math.max(worst, p99);
    console.log(
      `${person.label}, ${label}: p50 ${ms(p50)}, p99 ${ms(p99)}, max ${ms(max)}, ${(found / samples).toFixed(1)} listed on average`,
    );
  }
}
console.log(`worst p99 ${ms(worst)} (goal: under 50 ms)`);
await handle.close();
