import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CANT_BE_BLANK,
  INVALID_CHOICE,
  MEMBER_NUMBER_DIGITS_ONLY,
  ORGANIZATION_REQUIRED,
  TOO_MANY_STATUS_CHECKS,
} from '../../../common/messages.ts';
import { DEFAULT_STATUS_STYLES } from '../../../common/schemas/console-clubs.ts';
import type { MemberStatusListAnswer } from '../../../common/schemas/member-status.ts';
import { DEMO_ORGANIZATION_NAME, MEMBER, MEMBER2 } from '../../db/seed/personas.ts';
import { startTestServer } from '../../test/api-harness.ts';
import type { TestServer } from '../../test/api-harness.ts';
import { seedDemoData, signInAs, signInPersonas } from '../../test/member-client.ts';
import type { MemberClient, PersonaKey, SignedInPersona } from '../../test/member-client.ts';

/**
 * The status checker (§5, STAT-02..04, API-DIR-07, ENT-22, VAL-44..46, AMB-07, PERM-02): the
 * answer holds only what the card shows, the length rules of the organisation, recognised
 * organisations only, and the per-member limit (D48). The limit is set low here (5) so the test
 * reaches it; the demo's default is 30 per 10 minutes.
 */

const LIMIT = 5;

interface Problem {
  status: number;
  title: string;
  errors?: Record<string, string[]>;
}

let server: TestServer;
let personas: Record<PersonaKey, SignedInPersona>;
/** A fresh session per test: each member's limit is their own, so tests do not share it. */
const clients: MemberClient[] = [];

function db() {
  return server.database.handle.db;
}

async function organization(recognized: boolean) {
  return db()
    .selectFrom('organizations')
    .selectAll()
    .where('is_recognized', '=', recognized ? 1 : 0)
    .orderBy('id')
    .executeTakeFirstOrThrow();
}

function client(index: number): MemberClient {
  const found = clients[index];
  if (!found) throw new Error(`no client ${index}`);
  return found;
}

function check(member: MemberClient, body: unknown) {
  return member.request<MemberStatusListAnswer & Problem>('POST', '/member_status_validations', {
    body,
  });
}

function statusOf(organizationId: number | null, memberNumber: string | null) {
  return {
    member_status_validation: { organization_id: organizationId, member_number: memberNumber },
  };
}

beforeAll(async () => {
  server = await startTestServer({ env: { STATUS_CHECK_LIMIT: String(LIMIT) } });
  await seedDemoData(server);
  personas = await signInPersonas(server);
  // Members with no persona role in these tests, so each test below checks as its own member.
  const usernames = await db()
    .selectFrom('users')
    .select('username')
    .where('username', 'not in', ['member', 'member2', 'webmaster', 'admin'])
    .orderBy('id')
    .limit(6)
    .execute();
  for (const row of usernames) clients.push(await signInAs(server, row.username));
});

afterAll(async () => {
  await server?.close();
});

describe('POST /member_status_validations (STAT-02, API-DIR-07, ENT-22)', () => {
  it("finds M2's status by number with exactly number, title, name, status, color, organisation", async () => {
    const org = await organization(true);
    const answer = await check(client(0), statusOf(org.id, MEMBER2.memberNumber));
    expect(answer.status, answer.text).toBe(200);
    const held = await db()
      .selectFrom('member_statuses')
      .selectAll()
      .where('organization_id', '=', org.id)
      .where('member_number', '=', MEMBER2.memberNumber)
      .executeTakeFirstOrThrow();
    expect(answer.body.data.member_statuses).toEqual([
      {
        number: MEMBER2.memberNumber,
        title: held.title,
        name: 'Bill Harper',
        // The status in the organisation's words (its default title here, D68).
        status: DEFAULT_STATUS_STYLES[held.status].title,
        color: held.color,
        organization_name: DEMO_ORGANIZATION_NAME,
      },
    ]);
    // Nothing else of the member: no party id, birth date, username or contacts.
    expect(Object.keys(answer.body.data.member_statuses[0] ?? {}).sort()).toEqual(
      ['color', 'name', 'number', 'organization_name', 'status', 'title'].sort(),
    );
    for (const secret of [MEMBER2.birthDate, MEMBER2.username, MEMBER2.email, 'party', 'birth']) {
      expect(answer.text).not.toContain(secret);
    }
    expect(answer.text).not.toContain(`"id":${personas.M2.partyId}`);
  });

  it('a number nobody holds is an empty list (STAT-04)', async () => {
    const org = await organization(true);
    const answer = await check(client(1), statusOf(org.id, '99999999'));
    expect(answer.status).toBe(200);
    expect(answer.body.data.member_statuses).toEqual([]);
  });

  it('the organisation and the number are both needed, digits only (VAL-44, VAL-46)', async () => {
    const org = await organization(true);
    const missing = await check(client(2), statusOf(null, ''));
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({
      organization_id: [ORGANIZATION_REQUIRED],
      member_number: [CANT_BE_BLANK],
    });
    const letters = await check(client(2), statusOf(org.id, '10a215'));
    expect(letters.status).toBe(422);
    expect(letters.body.errors).toEqual({ member_number: [MEMBER_NUMBER_DIGITS_ONLY] });
  });

  it("the organisation's length rule holds (VAL-45)", async () => {
    const org = await organization(true);
    const min = org.member_number_min_length ?? 0;
    const max = org.member_number_max_length ?? 0;
    expect(min).toBeGreaterThan(1);
    expect(max).toBeGreaterThanOrEqual(min);
    const rule = `Must be ${min} to ${max} digits.`;
    const short = await check(client(3), statusOf(org.id, '1'.repeat(min - 1)));
    expect(short.status).toBe(422);
    expect(short.body.errors).toEqual({ member_number: [rule] });
    const long = await check(client(3), statusOf(org.id, '1'.repeat(max + 1)));
    expect(long.body.errors).toEqual({ member_number: [rule] });
    const fits = await check(client(3), statusOf(org.id, MEMBER.memberNumber));
    expect(fits.status).toBe(200);
    expect(fits.body.data.member_statuses.map((s) => s.number)).toEqual([MEMBER.memberNumber]);
  });

  it('an organisation not recognised is refused, even for a number it holds (AMB-07)', async () => {
    const org = await organization(false);
    const held = await db()
      .selectFrom('member_statuses')
      .select('member_number')
      .where('organization_id', '=', org.id)
      .executeTakeFirst();
    const answer = await check(client(4), statusOf(org.id, held?.member_number ?? '123456'));
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ organization_id: [INVALID_CHOICE] });
    expect(answer.text).not.toContain('"member_statuses"');
  });

  it('a member may check only so many numbers per 10 minutes, then 429; others still may (D48)', async () => {
    const org = await organization(true);
    const walker = client(5);
    for (let i = 0; i < LIMIT; i += 1) {
      const answer = await check(walker, statusOf(org.id, String(10_000_000 + i)));
      expect(answer.status).toBe(200);
    }
    const refused = await check(walker, statusOf(org.id, MEMBER.memberNumber));
    expect(refused.status).toBe(429);
    expect(refused.body.title).toBe(TOO_MANY_STATUS_CHECKS);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.text).not.toContain(MEMBER.memberNumber);
    // Invalid attempts count too: a bad number cannot be used to probe for free.
    expect((await check(walker, statusOf(null, ''))).status).toBe(429);
    // The limit is per member.
    expect((await check(personas.W.client, statusOf(org.id, MEMBER.memberNumber))).status).toBe(
      200,
    );
  });

  it('unsigned is a 401', async () => {
    const org = await organization(true);
    const answer = await personas.M.client.request('POST', '/member_status_validations', {
      body: statusOf(org.id, MEMBER2.memberNumber),
      unsigned: true,
    });
    expect(answer.status).toBe(401);
  });
});
