import { parseArgs } from 'node:util';
import { openDatabase } from '../../server/db/database.ts';
import type { ServiceContext } from '../../server/services/context.ts';
import { createMemo } from '../../server/services/memo.ts';

/**
 * What the one-search-at-a-time benches share (member-search-latency.ts,
 * roster-search-latency.ts): `--data-dir` (the scale-50 data set by default) or
 * `--database-url`, `--samples`, a service context on that database, a member's actor and a
 * seeded random source, so two runs make the same searches.
 */
export async function openSearchBench() {
  const { values } = parseArgs({
    options: {
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
      samples: { type: 'string', default: '300' },
    },
  });
  const handle = await openDatabase({
    url: values['database-url'],
    dataDir: values['data-dir'] ?? 'bench/.data/scale-50',
  });
  const ctx = { db: handle.db, engine: handle.engine, memo: createMemo() } as ServiceContext;
  return { handle, ctx, samples: Number(values.samples) };
}

/** The signed-in member `username` is, as the services see them. */
export async function actorOf(ctx: ServiceContext, username: string) {
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'party_id', 'is_admin'])
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return {
    kind: 'member',
    userId: user.id,
    partyId: user.party_id,
    isAdmin: Boolean(user.is_admin),
  } as const;
}

/** A linear congruential source in [0, 1): the same numbers from the same seed. */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}
