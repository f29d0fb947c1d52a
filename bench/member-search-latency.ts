/**
 * Member search at the server (issue 11): the time `searchMembers` takes, SQL and all, for
 * searches of 1, 2 and 3 tokens made from names on the roster, as persona M. The goal is a
 * p99 of 20 ms or less with 100,000 members on either engine (docs/architecture.md §10).
 *
 *   npx tsx bench/member-search-latency.ts --data-dir bench/.data/scale-50
 *   npx tsx bench/member-search-latency.ts --database-url postgres://.../lodgehall_bench_50
 *
 * The data set is one `npm run bench -- <scenario> --scale 50` made (or `lodgehall seed`);
 * it is only read.
 */
import { performance } from 'node:perf_hooks';
import { MEMBER } from '../server/db/seed/personas.ts';
import { searchMembers } from '../server/services/member-search.ts';
import { actorOf, openSearchBench, seededRandom } from './lib/search-latency.ts';
import { summarise } from './lib/stats.ts';

const { handle, ctx, samples } = await openSearchBench();
const actor = await actorOf(ctx, MEMBER.username);

const names = await handle.db
  .selectFrom('parties')
  .select(['first_name', 'last_name'])
  .orderBy('id')
  .execute();
const random = seededRandom(7);
const pick = () =>
  names[Math.floor(random() * names.length)] ?? { first_name: 'jo', last_name: 'sm' };
const cut = (text: string, min: number, max: number) =>
  text.slice(0, min + Math.floor(random() * (max - min + 1)));

/** What a member types: a prefix of one name; of both names, either order; or three words. */
const texts: Record<string, () => string> = {
  '1 token': () => cut(random() < 0.5 ? pick().first_name : pick().last_name, 2, 4),
  '2 tokens': () => {
    const name = pick();
    const [a, b] =
      random() < 0.7 ? [name.first_name, name.last_name] : [name.last_name, name.first_name];
    return `${cut(a, 2, 4)} ${cut(b, 1, 3)}`;
  },
  '3 tokens': () => {
    const name = pick();
    return `${cut(name.first_name, 2, 4)} ${cut(name.last_name, 1, 3)} ${cut(pick().last_name, 1, 2)}`;
  },
};

console.log(`engine ${handle.engine}, ${names.length} parties, ${samples} searches each`);
for (const [label, make] of Object.entries(texts)) {
  for (let i = 0; i < 30; i += 1) await searchMembers(ctx, actor, make(), 0);
  const times: number[] = [];
  let found = 0;
  for (let i = 0; i < samples; i += 1) {
    const text = make();
    const start = performance.now();
    const answer = await searchMembers(ctx, actor, text, 0);
    times.push(performance.now() - start);
    found += answer.parties.length;
  }
  const { p50, p99, max } = summarise(times);
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  const average = (found / samples).toFixed(1);
  console.log(
    `${label}: p50 ${ms(p50)}, p99 ${ms(p99)}, max ${ms(max)}, ${average} found on average`,
  );
}
await handle.close();
