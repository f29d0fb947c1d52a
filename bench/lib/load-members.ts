import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { PERSONAS, MEMBER } from '../../server/db/seed/personas.ts';
import { SQLITE_FILE } from './dataset.ts';
import type { PreparedDataset } from './dataset.ts';

/** A seeded member the mixed load signs in as (every seeded account has the demo password). */
export interface LoadMember {
  readonly username: string;
  readonly partyId: number;
  /** The leaf lodge they were picked from: lodge-mates see each other's posts. */
  readonly clubId: number;
}

interface Row {
  username: string;
  party_id: number;
  club_id: number;
}

const placeholders = (engine: PreparedDataset['engine'], count: number, from: number): string =>
  Array.from({ length: count }, (_, i) => (engine === 'postgres' ? `$${from + i}` : '?')).join(
    ', ',
  );

/**
 * Members who may sign in (active, not gone), in the leaf lodges of persona M's organisation
 * but none of the personas' lodges, so that the load's posts and chats leave the personas'
 * feeds and chat lists, which the other scenarios measure, as they were. Plain SQL, the same
 * on both engines.
 */
function membersQuery(engine: PreparedDataset['engine']): string {
  const personas = placeholders(engine, PERSONAS.length, 2);
  const p1 = engine === 'postgres' ? '$1' : '?';
  return `
    select u.username, u.party_id, m.club_id
    from users u
    join parties p on p.id = u.party_id
    join memberships m on m.party_id = u.party_id and m.left_at is null
    join clubs c on c.id = m.club_id
    join club_types t on t.id = c.club_type_id
    where p.left_at is null
      and u.is_admin = 0
      and t.is_leaf = 1
      and exists (
        select 1 from member_statuses s where s.party_id = u.party_id and s.status = 'active'
      )
      and c.organization_id = (
        select c2.organization_id
        from users u2
        join memberships m2 on m2.party_id = u2.party_id and m2.left_at is null
        join clubs c2 on c2.id = m2.club_id
        where u2.username_key = ${p1}
        limit 1
      )
      and m.club_id not in (
        select m3.club_id
        from users u3
        join memberships m3 on m3.party_id = u3.party_id and m3.left_at is null
        where u3.username_key in (${personas})
      )
    order by m.club_id, u.party_id`;
}

/**
 * `count` members spread over the lodges, one from each in turn (the biggest first), each
 * member once; answered in lodge order, so that neighbours in the list are lodge-mates.
 */
export function pickFromLodges(rows: readonly Row[], count: number): LoadMember[] {
  const byClub = new Map<number, Row[]>();
  for (const row of rows) byClub.set(row.club_id, [...(byClub.get(row.club_id) ?? []), row]);
  const lodges = [...byClub.entries()]
    .sort((a, b) => b[1].length - a[1].length || a[0] - b[0])
    .map(([clubId, members]) => ({ clubId, members, next: 0 }));
  const taken = new Set<number>();
  const picked: LoadMember[] = [];
  let progressed = true;
  while (picked.length < count && progressed) {
    progressed = false;
    for (const lodge of lodges) {
      if (picked.length >= count) break;
      while (lodge.next < lodge.members.length) {
        const row = lodge.members[lodge.next++] as Row;
        const partyId = Number(row.party_id);
        if (taken.has(partyId)) continue;
        taken.add(partyId);
        picked.push({ username: row.username, partyId, clubId: lodge.clubId });
        progressed = true;
        break;
      }
    }
  }
  const order = new Map(lodges.map((lodge, index) => [lodge.clubId, index]));
  return picked.sort(
    (a, b) => (order.get(a.clubId) ?? 0) - (order.get(b.clubId) ?? 0) || a.partyId - b.partyId,
  );
}

/** `count` members to sign in, from the run's database; throws when the data set has fewer. */
export async function loadMembers(dataset: PreparedDataset, count: number): Promise<LoadMember[]> {
  const params = [MEMBER.username, ...PERSONAS.map((persona) => persona.username)];
  let rows: Row[];
  if (dataset.engine === 'postgres' && dataset.databaseUrl) {
    const client = new pg.Client({ connectionString: dataset.databaseUrl });
    await client.connect();
    try {
      rows = (await client.query<Row>(membersQuery('postgres'), params)).rows;
    } finally {
      await client.end();
    }
  } else {
    const db = new Database(path.join(dataset.dataDir, SQLITE_FILE), {
      readonly: true,
      fileMustExist: true,
    });
    try {
      rows = db.prepare<unknown[], Row>(membersQuery('sqlite')).all(...params);
    } finally {
      db.close();
    }
  }
  const picked = pickFromLodges(rows, count);
  if (picked.length < count) {
    throw new Error(
      `the data set has ${picked.length} members who may sign in outside the personas' lodges; the mixed load needs ${count} (seed a larger --scale)`,
    );
  }
  return picked;
}
