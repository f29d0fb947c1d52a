import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LEVEL_IN_USE,
  MEMBER_NUMBER_MIN_ABOVE_MAX,
  PARENT_CYCLE,
  SUBDOMAIN_TAKEN,
  TOP_CLUB_ADMIN_ONLY,
  colourTooLight,
} from '../../../common/messages.ts';
import { contrastRatio } from '../../../common/contrast.ts';
import type { Club, ClubListAnswer } from '../../../common/schemas/club.ts';
import { organizationSettingsOf } from '../../../common/schemas/console-clubs.ts';
import type {
  ClubTreeEntry,
  ConsoleClubDetail,
  ConsoleOrganizationDetail,
  OrganizationSettings,
} from '../../../common/schemas/console-clubs.ts';
import type { MemberStatusListAnswer } from '../../../common/schemas/member-status.ts';
import type { Organization } from '../../../common/schemas/organization.ts';
import type { User } from '../../../common/schemas/session.ts';
import { DEMO_CLUBS, DEMO_ORGANIZATION_NAME } from '../../db/seed/personas.ts';
import { startTestServer } from '../../test/api-harness.ts';
import type { TestServer } from '../../test/api-harness.ts';
import { organizationId } from '../../test/flow-client.ts';
import { clubIdOf, seedDemoData, signInPersonas } from '../../test/member-client.ts';
import type { PersonaKey, SignedInPersona } from '../../test/member-client.ts';

/*
 * The organisation's settings and the clubs in the console (issue 23, docs/decisions.md D68),
 * on both engines with real signed requests: who may read and change what, the refusals
 * (a cycle, a taken web address name, an unreadable colour, a level in use), and that a change
 * shows at once where members look (the status checker, the club home, lodge search).
 */

let server: TestServer;
let personas: Record<PersonaKey, SignedInPersona>;
let orgId: number;
let l1: number;
let l2: number;
let counter = 0;

interface Answer<T> {
  status: number;
  text: string;
  data: T;
  errors: Record<string, string[]> | undefined;
}

/** A signed call as the persona, its answer's data or problem fields at hand. */
async function call<T = unknown>(
  persona: PersonaKey,
  method: string,
  path: string,
  body?: unknown,
): Promise<Answer<T>> {
  const answer = await personas[persona].client.request<{
    data: T;
    errors?: Record<string, string[]>;
  }>(method, path, body === undefined ? {} : { body });
  return {
    status: answer.status,
    text: answer.text,
    data: answer.body?.data,
    errors: answer.body?.errors,
  };
}

async function clubDetail(persona: PersonaKey, id: number) {
  return call<{ club: ConsoleClubDetail }>(persona, 'GET', `/admin/clubs/${id}.json`);
}

async function organizationDetail(persona: PersonaKey, id = orgId) {
  return call<{ organization: ConsoleOrganizationDetail }>(
    persona,
    'GET',
    `/admin/organizations/${id}.json`,
  );
}

function fieldsOf(club: ConsoleClubDetail) {
  const {
    id: _id,
    organization_id: _organization,
    closed_at: _closed,
    group_name: _groupName,
    avatar: _avatar,
    map_image: _map,
    abilities: _abilities,
    ...fields
  } = club;
  return fields;
}

async function currentClub(id: number): Promise<ConsoleClubDetail> {
  const answer = await clubDetail('A', id);
  expect(answer.status).toBe(200);
  return answer.data.club;
}

async function currentSettings(): Promise<OrganizationSettings> {
  const answer = await organizationDetail('A');
  expect(answer.status).toBe(200);
  return organizationSettingsOf(answer.data.organization);
}

/** A new club made by `persona` under `parent`, with names no other test uses. */
async function newClub(persona: PersonaKey, parent: number) {
  counter += 1;
  const base = await currentClub(parent);
  return call<{ club: ConsoleClubDetail }>(persona, 'POST', '/admin/clubs.json', {
    ...fieldsOf(base),
    organization_id: base.organization_id,
    group_id: parent,
    name: `Zephyr Lodge ${counter}`,
    formal_name: `Zephyr Lodge No. ${900 + counter}`,
    subdomain: `zephyr${counter}-${process.pid}`,
  });
}

async function clubHome(persona: PersonaKey, subdomain: string) {
  return call<{ club: Club }>(persona, 'GET', `/clubs/by_subdomain.json?subdomain=${subdomain}`);
}

beforeAll(async () => {
  server = await startTestServer();
  await seedDemoData(server);
  personas = await signInPersonas(server);
  orgId = await organizationId(server, DEMO_ORGANIZATION_NAME);
  l1 = await clubIdOf(server, DEMO_CLUBS.L1);
  l2 = await clubIdOf(server, DEMO_CLUBS.L2);
});

afterAll(async () => {
  await server?.close();
});

describe('who may read and change the organisation and the clubs', () => {
  it('refuses a visitor (401) and M, M2 and W (403) everywhere', async () => {
    const paths = [
      ['GET', `/admin/organizations/${orgId}.json`],
      ['GET', `/admin/clubs.json?organization_id=${orgId}`],
      ['GET', `/admin/clubs/${l1}.json`],
      ['POST', `/admin/clubs/${l1}/close.json`],
    ] as const;
    for (const [method, path] of paths) {
      expect((await server.request(method, path)).status).toBe(401);
      for (const key of ['M', 'M2', 'W'] as const) {
        expect((await call(key, method, path)).status, `${key} ${method} ${path}`).toBe(403);
      }
    }
    expect(
      (await call('W', 'PUT', `/admin/clubs/${l2}.json`, fieldsOf(await currentClub(l2)))).status,
    ).toBe(403);
  });

  it('lets S read the organisation but not change it, and no other lodge at all', async () => {
    const read = await organizationDetail('S');
    expect(read.status).toBe(200);
    expect(read.data.organization.abilities.edit).toBe(false);
    const settings = organizationSettingsOf(read.data.organization);
    expect((await call('S', 'PUT', `/admin/organizations/${orgId}.json`, settings)).status).toBe(
      403,
    );
    expect(
      (await call('S', 'POST', '/admin/organizations.json', { ...settings, name: 'Mine' })).status,
    ).toBe(403);

    const tree = await call<{ clubs: ClubTreeEntry[]; may_add_top: boolean }>(
      'S',
      'GET',
      `/admin/clubs.json?organization_id=${orgId}`,
    );
    expect(tree.status).toBe(200);
    expect(tree.data.clubs.map((club) => club.id)).toContain(l1);
    expect(tree.data.clubs.map((club) => club.id)).not.toContain(l2);
    expect(tree.data.may_add_top).toBe(false);

    expect((await clubDetail('S', l2)).status).toBe(404);
    const l2Fields = fieldsOf(await currentClub(l2));
    expect((await call('S', 'PUT', `/admin/clubs/${l2}.json`, l2Fields)).status).toBe(404);
    expect((await call('S', 'POST', `/admin/clubs/${l2}/close.json`)).status).toBe(404);
    expect((await newClub('S', l2)).status).toBe(404);
    // S's own lodge: theirs to change, not to close (that is for those above it).
    const own = await clubDetail('S', l1);
    expect(own.data.club.abilities).toEqual({ edit: true, close: false, add_child: true });
    expect((await call('S', 'POST', `/admin/clubs/${l1}/close.json`)).status).toBe(403);
  });

  it('lets the grand secretary change the organisation: a secretary of its top club', async () => {
    const db = server.database.handle.db;
    const grandLodge = await clubIdOf(server, DEMO_CLUBS.grandLodge);
    const membership = await db
      .insertInto('memberships')
      .values({
        party_id: personas.M.partyId,
        club_id: grandLodge,
        member_number: null,
        joined_on: '2020-01-01',
        left_at: null,
        created_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('membership_roles')
      .values({ membership_id: membership.id, role_name: 'secretary' })
      .execute();
    try {
      const read = await organizationDetail('M');
      expect(read.status).toBe(200);
      expect(read.data.organization.abilities.edit).toBe(true);
      const settings = organizationSettingsOf(read.data.organization);
      const saved = await call('M', 'PUT', `/admin/organizations/${orgId}.json`, {
        ...settings,
        member_number_max_length: 9,
      });
      expect(saved.status, saved.text).toBe(200);
      expect((await call('M', 'PUT', `/admin/organizations/${orgId}.json`, settings)).status).toBe(
        200,
      );
      // Still no administrator: a new organisation is refused.
      expect(
        (await call('M', 'POST', '/admin/organizations.json', { ...settings, name: 'Another' }))
          .status,
      ).toBe(403);
    } finally {
      await db.deleteFrom('membership_roles').where('membership_id', '=', membership.id).execute();
      await db.deleteFrom('memberships').where('id', '=', membership.id).execute();
    }
  });

  it('lets the administrator do all, and a top club is theirs alone', async () => {
    const tree = await call<{ clubs: ClubTreeEntry[]; may_add_top: boolean }>(
      'A',
      'GET',
      `/admin/clubs.json?organization_id=${orgId}`,
    );
    expect(tree.data.may_add_top).toBe(true);
    expect(tree.data.clubs.map((club) => club.id)).toEqual(expect.arrayContaining([l1, l2]));
    expect((await organizationDetail('A')).data.organization.abilities.edit).toBe(true);

    const base = await currentClub(l1);
    const top = await call('S', 'POST', '/admin/clubs.json', {
      ...fieldsOf(base),
      organization_id: orgId,
      group_id: null,
      subdomain: `top-${process.pid}`,
    });
    expect(top.status).toBe(422);
    expect(top.errors?.group_id).toEqual([TOP_CLUB_ADMIN_ONLY]);
  });
});

describe('clubs', () => {
  it('adds a club under S’s lodge with an audit row, and S then manages it', async () => {
    const made = await newClub('S', l1);
    expect(made.status).toBe(200);
    const club = made.data.club;
    expect(club.group_id).toBe(l1);
    expect(club.abilities).toEqual({ edit: true, close: true, add_child: true });
    const audit = await server.database.handle.db
      .selectFrom('audit_log')
      .select(['action', 'organization_id', 'club_id', 'before_value', 'after_value'])
      .where('action', '=', 'club.created')
      .where('club_id', '=', club.id)
      .executeTakeFirstOrThrow();
    expect(audit.organization_id).toBe(orgId);
    expect(JSON.parse(audit.after_value ?? '{}')).toMatchObject({ subdomain: club.subdomain });
    expect((await clubDetail('S', club.id)).status).toBe(200);
  });

  it('refuses a parent that would make a cycle, and a web address name in use', async () => {
    const child = (await newClub('A', l1)).data.club;
    const grandchild = (await newClub('A', child.id)).data.club;
    const cycle = await call('A', 'PUT', `/admin/clubs/${child.id}.json`, {
      ...fieldsOf(child),
      group_id: grandchild.id,
    });
    expect(cycle.status).toBe(422);
    expect(cycle.errors?.group_id).toEqual([PARENT_CYCLE]);
    const self = await call('A', 'PUT', `/admin/clubs/${child.id}.json`, {
      ...fieldsOf(child),
      group_id: child.id,
    });
    expect(self.errors?.group_id).toEqual([PARENT_CYCLE]);

    const clash = await call('A', 'PUT', `/admin/clubs/${child.id}.json`, {
      ...fieldsOf(child),
      subdomain: DEMO_CLUBS.L2,
    });
    expect(clash.status).toBe(422);
    expect(clash.errors?.subdomain).toEqual([SUBDOMAIN_TAKEN]);
    const badName = await call('A', 'PUT', `/admin/clubs/${child.id}.json`, {
      ...fieldsOf(child),
      subdomain: 'Not A Name!',
    });
    expect(badName.status).toBe(422);
    expect(Object.keys(badName.errors ?? {})).toContain('subdomain');
  });

  it("shows S's new meetings text on the club home at once, with an audit row before and after", async () => {
    const before = await currentClub(l1);
    const meetings = `Second Tuesday at 7:30 pm, run ${process.pid}`;
    const home = await clubHome('M', DEMO_CLUBS.L1);
    expect(home.data.club.meetings).not.toBe(meetings);
    const changed = await call<{ club: ConsoleClubDetail }>('S', 'PUT', `/admin/clubs/${l1}.json`, {
      ...fieldsOf(before),
      meetings,
    });
    expect(changed.status).toBe(200);
    expect(changed.data.club.meetings).toBe(meetings);
    expect((await clubHome('M', DEMO_CLUBS.L1)).data.club.meetings).toBe(meetings);
    const audit = await server.database.handle.db
      .selectFrom('audit_log')
      .select(['before_value', 'after_value', 'actor_user_id'])
      .where('action', '=', 'club.changed')
      .where('club_id', '=', l1)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.actor_user_id).toBe(personas.S.userId);
    expect(JSON.parse(audit.before_value ?? '{}').meetings).toBe(before.meetings);
    expect(JSON.parse(audit.after_value ?? '{}').meetings).toBe(meetings);
  });

  it('closes a club: it leaves lodge search and By City, its home stays readable', async () => {
    const club = (await newClub('A', l1)).data.club;
    const search = async () =>
      call<ClubListAnswer>('M', 'GET', `/clubs.json?search_text=${encodeURIComponent(club.name)}`);
    expect((await search()).data.clubs.map((found) => found.id)).toContain(club.id);
    const closed = await call<{ club: ConsoleClubDetail }>(
      'A',
      'POST',
      `/admin/clubs/${club.id}/close.json`,
    );
    expect(closed.status).toBe(200);
    expect(closed.data.club.closed_at).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(closed.data.club.abilities.close).toBe(false);
    expect((await search()).data.clubs.map((found) => found.id)).not.toContain(club.id);
    const byCity = await call<ClubListAnswer>('M', 'GET', '/clubs.json?by_city=true');
    expect(byCity.data.clubs.map((found) => found.id)).not.toContain(club.id);
    expect((await clubHome('M', club.subdomain)).status).toBe(200);
    const again = await call('A', 'POST', `/admin/clubs/${club.id}/close.json`);
    expect(again.status).toBe(422);
    const tree = await call<{ clubs: ClubTreeEntry[] }>(
      'A',
      'GET',
      `/admin/clubs.json?organization_id=${orgId}`,
    );
    expect(tree.data.clubs.find((entry) => entry.id === club.id)?.closed_at).not.toBeNull();
  });

  it("takes a closed club out of its webmaster's pickers; their membership stays", async () => {
    const club = (await newClub('A', l2)).data.club;
    const db = server.database.handle.db;
    const membership = await db
      .insertInto('memberships')
      .values({
        party_id: personas.W.partyId,
        club_id: club.id,
        member_number: null,
        joined_on: '2020-01-01',
        left_at: null,
        created_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('membership_roles')
      .values([
        { membership_id: membership.id, role_name: 'user' },
        { membership_id: membership.id, role_name: 'webmaster' },
      ])
      .execute();
    const rolesAt = async () => {
      const me = await call<{ user: User }>('W', 'GET', '/session.json');
      return me.data.user.clubs.find((entry) => entry.id === club.id)?.club_member_role_names;
    };
    expect(await rolesAt()).toEqual(expect.arrayContaining(['user', 'webmaster']));
    expect((await call('A', 'POST', `/admin/clubs/${club.id}/close.json`)).status).toBe(200);
    expect(await rolesAt()).toEqual(['user']);
  });

  it("sets a club's emblem and map through the photo pipeline, shown on its page; a file that is no image is refused", async () => {
    const club = (await newClub('S', l1)).data.club;
    const png = (
      await sharp({ create: { width: 60, height: 40, channels: 3, background: '#224488' } })
        .png()
        .toBuffer()
    ).toString('base64');
    const emblem = await call<{ club: ConsoleClubDetail }>(
      'S',
      'PUT',
      `/admin/clubs/${club.id}/avatar.json`,
      {
        file_name: 'emblem.png',
        base64: png,
      },
    );
    expect(emblem.status, emblem.text).toBe(200);
    expect(emblem.data.club.avatar).not.toBeNull();
    const map = await call<{ club: ConsoleClubDetail }>(
      'S',
      'PUT',
      `/admin/clubs/${club.id}/map_image.json`,
      {
        file_name: 'map.png',
        base64: png,
      },
    );
    expect(map.status, map.text).toBe(200);
    const home = (await clubHome('M', club.subdomain)).data.club;
    expect(home.avatar).toEqual(emblem.data.club.avatar);
    expect(home.home_page_option.map_image).toBe(map.data.club.map_image);
    const served = await fetch(`${server.baseUrl}${home.home_page_option.map_image ?? ''}`);
    expect(served.status).toBe(200);

    const text = await call('S', 'PUT', `/admin/clubs/${club.id}/avatar.json`, {
      file_name: 'emblem.png',
      base64: Buffer.from('not a picture').toString('base64'),
    });
    expect(text.status).toBe(422);
    expect(Object.keys(text.errors ?? {})).toEqual(['image']);
    expect(
      (
        await call('S', 'PUT', `/admin/clubs/${l2}/avatar.json`, {
          file_name: 'x.png',
          base64: png,
        })
      ).status,
    ).toBe(404);
  });

  it("leads the club page's Dashboard to the console for its secretary, and not for another lodge's", async () => {
    expect((await clubHome('S', DEMO_CLUBS.L1)).data.club.links.dashboard).toBe(
      `/app/admin/clubs/${l1}`,
    );
    expect((await clubHome('S', DEMO_CLUBS.L2)).data.club.links.dashboard).toBeNull();
    expect((await clubHome('M', DEMO_CLUBS.L1)).data.club.links.dashboard).toBeNull();
  });
});

describe('the organisation', () => {
  it('shows a new status colour and title in the status checker at once, and refuses an unreadable one', async () => {
    const settings = await currentSettings();
    const number = await server.database.handle.db
      .selectFrom('member_statuses')
      .select('member_number')
      .where('party_id', '=', personas.M2.partyId)
      .where('organization_id', '=', orgId)
      .executeTakeFirstOrThrow();
    const check = () =>
      call<MemberStatusListAnswer['data']>('M', 'POST', '/member_status_validations', {
        member_status_validation: { organization_id: orgId, member_number: number.member_number },
      });
    expect((await check()).data.member_statuses[0]).toMatchObject({
      status: 'Active',
      color: '#2b8a3e',
    });

    const pale = settings.statuses.map((entry) =>
      entry.status === 'active' ? { ...entry, color: '#ffff99' } : entry,
    );
    const refused = await call('A', 'PUT', `/admin/organizations/${orgId}.json`, {
      ...settings,
      statuses: pale,
    });
    expect(refused.status).toBe(422);
    expect(Object.values(refused.errors ?? {}).flat()).toContain(
      colourTooLight(contrastRatio('#ffff99', '#ffffff')),
    );

    const chosen = settings.statuses.map((entry) =>
      entry.status === 'active' ? { ...entry, title: 'In good standing', color: '#1864ab' } : entry,
    );
    const saved = await call<{ organization: ConsoleOrganizationDetail }>(
      'A',
      'PUT',
      `/admin/organizations/${orgId}.json`,
      { ...settings, statuses: chosen },
    );
    expect(saved.status).toBe(200);
    expect((await check()).data.member_statuses[0]).toMatchObject({
      status: 'In good standing',
      color: '#1864ab',
    });
    const audit = await server.database.handle.db
      .selectFrom('audit_log')
      .select(['before_value', 'after_value', 'organization_id'])
      .where('action', '=', 'organization.changed')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.organization_id).toBe(orgId);
    expect(JSON.parse(audit.after_value ?? '{}').statuses).toContainEqual({
      status: 'active',
      title: 'In good standing',
      color: '#1864ab',
    });
    await call('A', 'PUT', `/admin/organizations/${orgId}.json`, settings);
  });

  it('renames and adds levels, keeps one in use, and checks the member-number rule', async () => {
    const settings = await currentSettings();
    const [top, ...rest] = settings.club_types;
    if (!top) throw new Error('the demo organisation has levels');
    const renamed = await call<{ organization: ConsoleOrganizationDetail }>(
      'A',
      'PUT',
      `/admin/organizations/${orgId}.json`,
      {
        ...settings,
        club_types: [
          { ...top, name: 'Most Worshipful Grand Lodge' },
          ...rest,
          { id: null, name: 'Chapter' },
        ],
      },
    );
    expect(renamed.status).toBe(200);
    const levels = renamed.data.organization.club_types;
    expect(levels.map((level) => level.name)).toEqual([
      'Most Worshipful Grand Lodge',
      ...rest.map((level) => level.name),
      'Chapter',
    ]);
    expect(levels.map((level) => level.is_leaf)).toEqual(
      levels.map((_, i) => i === levels.length - 1),
    );

    const withoutTop = await call('A', 'PUT', `/admin/organizations/${orgId}.json`, {
      ...settings,
      club_types: rest,
    });
    expect(withoutTop.status).toBe(422);
    expect(withoutTop.errors?.club_types).toEqual([LEVEL_IN_USE('Most Worshipful Grand Lodge')]);

    const reversed = await call('A', 'PUT', `/admin/organizations/${orgId}.json`, {
      ...settings,
      member_number_min_length: 9,
      member_number_max_length: 4,
    });
    expect(reversed.status).toBe(422);
    expect(reversed.errors?.member_number_min_length).toEqual([MEMBER_NUMBER_MIN_ABOVE_MAX]);
    // Back as it was: the new level has no clubs, so it may go.
    expect((await call('A', 'PUT', `/admin/organizations/${orgId}.json`, settings)).status).toBe(
      200,
    );
  });

  it('creates an organisation (administrators only) that the status checker lists once recognised', async () => {
    const settings = await currentSettings();
    const name = `Order of the Test ${process.pid}`;
    const made = await call<{ organization: ConsoleOrganizationDetail }>(
      'A',
      'POST',
      '/admin/organizations.json',
      {
        ...settings,
        name,
        is_recognized: false,
        club_types: [
          { id: null, name: 'Supreme Council' },
          { id: null, name: 'Valley' },
        ],
      },
    );
    expect(made.status).toBe(200);
    const id = made.data.organization.id;
    expect(made.data.organization.club_types.map((level) => level.name)).toEqual([
      'Supreme Council',
      'Valley',
    ]);
    const recognized = async () =>
      (
        await server.request<{ data: { organizations: Organization[] } }>(
          'GET',
          '/organizations/recognized.json',
        )
      ).body.data.organizations.map((o) => o.id);
    expect(await recognized()).not.toContain(id);
    const on = await call('A', 'PUT', `/admin/organizations/${id}.json`, {
      ...organizationSettingsOf(made.data.organization),
      is_recognized: true,
    });
    expect(on.status).toBe(200);
    expect(await recognized()).toContain(id);
  });
});
