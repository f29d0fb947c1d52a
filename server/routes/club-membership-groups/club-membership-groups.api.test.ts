import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClubMembershipGroup } from '../../../common/schemas/session.ts';
import { MEMBER } from '../../db/seed/personas.ts';
import { startTestServer } from '../../test/api-harness.ts';
import type { TestServer } from '../../test/api-harness.ts';
import { seedDemoData, signInAs } from '../../test/member-client.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await seedDemoData(server);
});

afterAll(async () => {
  await server.close();
});

describe('GET /club_membership_groups.json (NAV-09, ENT-10)', () => {
  it("groups the member's clubs by group name, each with id, name and subdomain", async () => {
    const member = await signInAs(server, MEMBER.username);
    const response = await member.request<{
      data: { club_membership_groups: ClubMembershipGroup[] };
    }>('GET', '/club_membership_groups.json');
    expect(response.status).toBe(200);
    const groups = response.body.data.club_membership_groups;
    expect(groups.length).toBeGreaterThan(0);

    const memberships = await server.database.handle.db
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.party_id', 'm.party_id')
      .innerJoin('clubs as c', 'c.id', 'm.club_id')
      .select(['c.id', 'c.subdomain'])
      .where('u.username', '=', MEMBER.username)
      .where('m.left_at', 'is', null)
      .execute();
    const listed = groups.flatMap((group) =>
      group.group_names.flatMap((name) => group.groups[name] ?? []),
    );
    expect(listed.map((club) => club.club_id).sort()).toEqual(
      memberships.map((club) => club.id).sort(),
    );
    for (const group of groups) {
      expect(Object.keys(group.groups).sort()).toEqual([...group.group_names].sort());
    }
    const lodge = listed.find((club) => club.club_name.includes('Harmony'));
    expect(lodge?.club_subdomain).toMatch(/^[a-z0-9-]+$/);
  });

  it('needs a signed-in member', async () => {
    expect((await server.request('GET', '/club_membership_groups.json')).status).toBe(401);
  });
});
