import path from 'node:path';
import Database from 'better-sqlite3';
import type { TestInfo } from '@playwright/test';
import { DEMO_CLUBS, DEMO_ORGANIZATION_NAME, PERSONAS } from '../server/db/seed/personas.ts';

/** A member on the demo roster with no account yet: someone a test may register. */
export interface RosterMember {
  readonly firstName: string;
  readonly memberNumber: string;
  /** 'YYYY-MM-DD' */
  readonly birthDate: string;
  readonly email: string;
  readonly cellPhone: string;
}

const CANDIDATES_PER_WORKER = 10;

/**
 * A roster member of the demo organisation without an account, with exactly one e-mail and one
 * mobile on file, read from the e2e server's own database. Registering uses a member up, so a
 * test that registers takes a fresh one each attempt (a retry never meets the account its first
 * try made), and parallel workers draw from different places in the list.
 */
export function unregisteredMember(testInfo: TestInfo): RosterMember {
  const dataDir = process.env.LODGEHALL_E2E_DATA_DIR;
  if (!dataDir)
    throw new Error('LODGEHALL_E2E_DATA_DIR is not set (see e2e/playwright.config.ts).');
  const db = new Database(path.join(dataDir, 'lodgehall.sqlite'), { readonly: true });
  try {
    const rows = db
      .prepare(
        `select p.first_name as firstName, ms.member_number as memberNumber,
                p.birth_date as birthDate, min(e.address) as email, min(ph.number) as cellPhone
           from parties p
           join member_statuses ms on ms.party_id = p.id and ms.status = 'active'
           join organizations o on o.id = ms.organization_id and o.name = ?
           join emails e on e.party_id = p.id
           join phones ph on ph.party_id = p.id
           join contact_types ct on ct.id = ph.contact_type_id and ct.name = 'CellPhone'
          where p.left_at is null and p.birth_date is not null and p.preferred_name is null
            and not exists (select 1 from users u where u.party_id = p.id)
            and (select count(*) from emails x where x.party_id = p.id) = 1
            and (select count(*) from phones x where x.party_id = p.id) = 1
          group by p.id, ms.member_number
          order by p.id
          limit ?`,
      )
      .all(DEMO_ORGANIZATION_NAME, (testInfo.parallelIndex + 1) * CANDIDATES_PER_WORKER);
    const member = rows[testInfo.parallelIndex * CANDIDATES_PER_WORKER + testInfo.retry] as
      RosterMember | undefined;
    if (!member) throw new Error('The demo roster has no unregistered member left for this test.');
    return member;
  } finally {
    db.close();
  }
}

/**
 * A current member of another organisation only, whom no demo persona may see (decision D37):
 * their party page is the 404 page. Read from the e2e server's own database.
 */
export function memberOfAnotherOrganization(): number {
  const dataDir = process.env.LODGEHALL_E2E_DATA_DIR;
  if (!dataDir)
    throw new Error('LODGEHALL_E2E_DATA_DIR is not set (see e2e/playwright.config.ts).');
  const db = new Database(path.join(dataDir, 'lodgehall.sqlite'), { readonly: true });
  try {
    const row = db
      .prepare(
        `select m.party_id as id
           from memberships m
           join clubs c on c.id = m.club_id
           join organizations o on o.id = c.organization_id and o.name <> ?
          where m.left_at is null
            and not exists (
              select 1 from memberships mine
                join clubs mc on mc.id = mine.club_id
                join organizations mo on mo.id = mc.organization_id and mo.name = ?
               where mine.party_id = m.party_id and mine.left_at is null)
          order by m.party_id
          limit 1`,
      )
      .get(DEMO_ORGANIZATION_NAME, DEMO_ORGANIZATION_NAME) as { id: number } | undefined;
    if (!row) throw new Error('The demo has no member of another organisation.');
    return row.id;
  } finally {
    db.close();
  }
}

function readDemoDatabase<T>(read: (db: Database.Database) => T): T {
  const dataDir = process.env.LODGEHALL_E2E_DATA_DIR;
  if (!dataDir)
    throw new Error('LODGEHALL_E2E_DATA_DIR is not set (see e2e/playwright.config.ts).');
  const db = new Database(path.join(dataDir, 'lodgehall.sqlite'), { readonly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/**
 * A club of another organisation than the demo personas', with its events and posts: its home,
 * calendar and news are the 404 page for them (decisions D40, D53).
 */
export function clubOfAnotherOrganization(): string {
  return readDemoDatabase((db) => {
    const row = db
      .prepare(
        `select c.subdomain
           from clubs c
           join organizations o on o.id = c.organization_id and o.name <> ?
          where exists (select 1 from calendar_events e where e.club_id = c.id)
            and exists (select 1 from posts p where p.club_id = c.id)
          order by c.id
          limit 1`,
      )
      .get(DEMO_ORGANIZATION_NAME) as { subdomain: string } | undefined;
    if (!row) throw new Error('The demo has no club of another organisation with news.');
    return row.subdomain;
  });
}

/**
 * A PUBLIC event of another organisation's lodge with at least three answers: a demo persona
 * sees the event, and its attendees only as a count (decision D53).
 */
export function eventOfAnotherOrganization(): number {
  return readDemoDatabase((db) => {
    const row = db
      .prepare(
        `select e.id
           from calendar_events e
           join clubs c on c.id = e.club_id
           join organizations o on o.id = c.organization_id and o.name <> ?
          where e.access = 'PUBLIC' and e.yes_count + e.no_count >= 3
          order by e.id
          limit 1`,
      )
      .get(DEMO_ORGANIZATION_NAME) as { id: number } | undefined;
    if (!row) throw new Error('The demo has no answered event of another organisation.');
    return row.id;
  });
}

/**
 * A demo member with an account who is no persona and belongs to none of the personas' lodges,
 * so no other spec signs in as them: paying or removing a card uses their data up. `kind` says
 * what they must have: dues of this year and arrears at one club (one Pay link) and no saved
 * card, or a saved card. Each
 * worker and each retry takes another, so a retry never meets what its first try did.
 */
export function duesMember(testInfo: TestInfo, kind: 'owes-this-year-and-arrears' | 'has-card') {
  return readDemoDatabase((db) => {
    const personaLodges = Object.values(DEMO_CLUBS);
    const hasCard = 'exists (select 1 from payment_credentials pc where pc.party_id = p.id)';
    const rows = db
      .prepare(
        `select u.username
           from users u
           join parties p on p.id = u.party_id and p.left_at is null
          where u.is_admin = 0
            and u.username not in (${PERSONAS.map(() => '?').join(', ')})
            and not exists (
              select 1 from memberships m join clubs c on c.id = m.club_id
               where m.party_id = p.id and c.subdomain in (${personaLodges.map(() => '?').join(', ')}))
            and ${
              kind === 'has-card'
                ? hasCard
                : `not ${hasCard}
            and exists (select 1 from dues d where d.party_id = p.id and d.paid_at is null
                          and d.year = ?)
            and exists (select 1 from dues d where d.party_id = p.id and d.paid_at is null
                          and d.year < ?)
            and (select count(distinct d.club_id) from dues d where d.party_id = p.id) = 1`
            }
          order by u.id
          limit 50`,
      )
      .all(
        ...PERSONAS.map((persona) => persona.username),
        ...personaLodges,
        ...(kind === 'has-card' ? [] : [new Date().getFullYear(), new Date().getFullYear()]),
      ) as { username: string }[];
    const row = rows[testInfo.parallelIndex * 4 + testInfo.retry];
    if (!row) throw new Error(`The demo has no member left for a dues test (${kind}).`);
    return row.username;
  });
}
