import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAP_IMAGE_SIZE, MAP_ZOOM } from '../../../common/constants.ts';
import { displayName } from '../../../common/display-name.ts';
import { localDateOf } from '../../../common/event-time.ts';
import { LODGE_SEARCH_CASES } from '../../../common/lodge-search-cases.ts';
import { groupLodgesByCity, lodgeSearchKey } from '../../../common/lodge-search.ts';
import type { Club, ClubListAnswer, FavoriteClub } from '../../../common/schemas/club.ts';
import { ensureDemoImages } from '../../db/seed/demo-images.ts';
import { ADMIN, DEMO_CLUBS, MEMBER, WEBMASTER } from '../../db/seed/personas.ts';
import { fullAddress } from '../../presenters/address.ts';
import { startTestServer } from '../../test/api-harness.ts';
import type { TestServer } from '../../test/api-harness.ts';
import { seedDemoData, signInAs } from '../../test/member-client.ts';
import type { MemberClient } from '../../test/member-client.ts';

let server: TestServer;
let member: MemberClient;
let webmaster: MemberClient;
let admin: MemberClient;

beforeAll(async () => {
  server = await startTestServer();
  await seedDemoData(server);
  [member, webmaster, admin] = await Promise.all([
    signInAs(server, MEMBER.username),
    signInAs(server, WEBMASTER.username),
    signInAs(server, ADMIN.username),
  ]);
});

afterAll(async () => {
  await server.close();
});

function db() {
  return server.database.handle.db;
}

async function clubRow(subdomain: string) {
  return db()
    .selectFrom('clubs as c')
    .innerJoin('club_types as t', 't.id', 'c.club_type_id')
    .selectAll('c')
    .select(['t.name as type_name'])
    .where('c.subdomain', '=', subdomain)
    .executeTakeFirstOrThrow();
}

async function clubOf(client: MemberClient, subdomain: string): Promise<Club> {
  const response = await client.request<{ data: { club: Club } }>(
    'GET',
    `/clubs/by_subdomain.json?subdomain=${encodeURIComponent(subdomain)}`,
  );
  expect(response.status, response.text).toBe(200);
  return response.body.data.club;
}

/** A club of another organisation than the demo members' (the Elks or the Moose). */
async function otherOrganizationsClub(): Promise<{ id: number; subdomain: string }> {
  const own = await clubRow(DEMO_CLUBS.L1);
  return db()
    .selectFrom('clubs')
    .select(['id', 'subdomain'])
    .where('organization_id', '!=', own.organization_id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
}

describe('GET /clubs/by_subdomain.json (API-CLUB-02, ENT-09, ROUTE-01)', () => {
  it("answers every field of a seeded club as the member's own lodge (CLUB-01..16)", async () => {
    const row = await clubRow(DEMO_CLUBS.L1);
    const club = await clubOf(member, DEMO_CLUBS.L1);
    expect(club).toMatchObject({
      id: row.id,
      name: row.name,
      formal_name: row.formal_name,
      type_name: row.type_name,
      subdomain: DEMO_CLUBS.L1,
      default_url: row.default_url,
      avatar: null,
      address1: row.address1,
      address2: row.address2,
      city: row.city,
      state: row.state,
      zip: row.zip,
      full_address: fullAddress(row),
      time_zone_id: row.time_zone_id,
      lat: row.lat,
      lng: row.lng,
      description: row.description,
      meetings: row.meetings,
      // CLUB-07: the member's own lodge is a favourite by membership.
      is_favorite: true,
      is_member: true,
      home_page_option: {
        map_url: row.map_url,
        map_image: null,
        introduction: row.introduction,
        is_hiding_stock_introduction: false,
      },
    });
    expect(club.meetings).toMatch(/\d:\d\d [AP]M/);
    expect(club.home_page_option.introduction).toContain('<p>');
    expect(club.organization.club_hierarchy).toEqual(['Grand Lodge', 'District', 'Lodge']);
    expect(club.links).toEqual({
      files: `${row.default_url}/files`,
      photos: `${row.default_url}/photos`,
      dashboard: null,
      support: server.config.SUPPORT_URL,
    });
    // No field leaves the server that the schema does not name.
    expect(Object.keys(club)).not.toContain('search_key');
    expect(Object.keys(club)).not.toContain('avatar_key');
  });

  it('lists the current officers by position, with and without a party id (CLUB-16, CLUB-17)', async () => {
    const row = await clubRow(DEMO_CLUBS.L1);
    const today = localDateOf(Date.now(), row.time_zone_id);
    const terms = await db()
      .selectFrom('officer_positions as op')
      .innerJoin('officer_terms as ot', 'ot.officer_position_id', 'op.id')
      .leftJoin('parties as p', 'p.id', 'ot.party_id')
      .select(['op.title', 'ot.party_id', 'ot.full_name', 'ot.from_date', 'ot.to_date'])
      .select(['p.first_name', 'p.middle_name', 'p.last_name', 'p.suffix'])
      .where('op.club_id', '=', row.id)
      .orderBy('op.sort_order')
      .orderBy('ot.from_date')
      .execute();
    const current = terms.filter(
      (term) => term.from_date <= today && (term.to_date === null || term.to_date >= today),
    );
    // The demo has past terms (left out) and an officer who is not on the roster.
    expect(current.length).toBeLessThan(terms.length);
    expect(current.some((term) => term.party_id === null)).toBe(true);

    const club = await clubOf(member, DEMO_CLUBS.L1);
    const flat = club.current_officer_positions.flatMap((position) =>
      position.current_officers.map((officer) => ({ title: position.title, ...officer })),
    );
    expect(flat).toEqual(
      current.map((term) => ({
        title: term.title,
        party_id: term.party_id,
        full_name:
          term.party_id === null
            ? term.full_name
            : displayName({
                first_name: term.first_name,
                middle_name: term.middle_name,
                last_name: term.last_name,
                suffix: term.suffix,
              }),
      })),
    );
    const titles = club.current_officer_positions.map((position) => position.title);
    expect(new Set(titles).size).toBe(titles.length);
    expect(titles[0]).toBe('Worshipful Master');
  });

  it('shows a lodge its district (group, with groupies) and the district its lodges (CLUB-11)', async () => {
    const lodge = await clubOf(member, DEMO_CLUBS.L1);
    expect(lodge.groupies).toEqual([]);
    expect(lodge.group).not.toBeNull();
    const group = lodge.group;
    if (!group) return;
    expect(group.type_name).toBe('District');
    expect(group.groupies.map((club) => club.subdomain)).toContain(DEMO_CLUBS.L1);
    expect(group.groupies.map((club) => club.subdomain)).toContain(DEMO_CLUBS.L2);

    const district = await clubOf(member, group.subdomain);
    expect(district.groupies.map((club) => club.id)).toEqual(group.groupies.map((club) => club.id));
    expect(district.group?.subdomain).toBe(DEMO_CLUBS.grandLodge);

    const grandLodge = await clubOf(member, DEMO_CLUBS.grandLodge);
    expect(grandLodge.group).toBeNull();
    expect(grandLodge.groupies.map((club) => club.subdomain)).toContain(group.subdomain);
    expect(grandLodge.groupies.every((club) => club.type_name === 'District')).toBe(true);
  });

  it('shows the Dashboard link only to webmasters of the club and admins, an admin to the console (AMB-05, PERM-04, D68)', async () => {
    const l2 = await clubRow(DEMO_CLUBS.L2);
    expect((await clubOf(webmaster, DEMO_CLUBS.L2)).links.dashboard).toBe(
      `${l2.default_url}/dashboard`,
    );
    expect((await clubOf(webmaster, DEMO_CLUBS.L1)).links.dashboard).toBeNull();
    expect((await clubOf(member, DEMO_CLUBS.L2)).links.dashboard).toBeNull();
    expect((await clubOf(member, DEMO_CLUBS.L1)).links.dashboard).toBeNull();
    const l1 = await clubOf(admin, DEMO_CLUBS.L1);
    expect(l1.links.dashboard).toBe(`/app/admin/clubs/${l1.id}`);
  });

  it('presents a stored map image as an address the browser can load (CLUB-14)', async () => {
    const withMap = await db()
      .selectFrom('clubs')
      .select(['subdomain', 'map_image'])
      .where('map_image', 'is not', null)
      .where('organization_id', '=', (await clubRow(DEMO_CLUBS.L1)).organization_id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const club = await clubOf(member, withMap.subdomain);
    expect(club.home_page_option.map_image).toBe(`/media/${withMap.map_image}`);
    // As a demo server does at start (server/main.ts), the demo's pictures are drawn.
    await ensureDemoImages(server.app.services.storage, [withMap.map_image ?? '']);
    const image = await server.request('GET', `/${club.home_page_option.map_image ?? ''}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
  });

  it('is a 404 for an unknown subdomain and for a club of another organisation (AMB-44, D37)', async () => {
    const unknown = await member.request('GET', '/clubs/by_subdomain.json?subdomain=nosuch');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const other = await otherOrganizationsClub();
    const response = await member.request(
      'GET',
      `/clubs/by_subdomain.json?subdomain=${other.subdomain}`,
    );
    expect(response.status).toBe(404);
    // An admin sees every club.
    expect((await clubOf(admin, other.subdomain)).id).toBe(other.id);
  });

  it('needs a signed-in member', async () => {
    const response = await server.request(
      'GET',
      `/clubs/by_subdomain.json?subdomain=${DEMO_CLUBS.L1}`,
    );
    expect(response.status).toBe(401);
  });
});

describe("one rule for another organisation's club: its home, calendar and news (D40, D53, AMB-44)", () => {
  const pages = [
    (subdomain: string) => `/clubs/by_subdomain.json?subdomain=${subdomain}`,
    (subdomain: string) => `/clubs/calendar_events.json?subdomain=${subdomain}`,
    (subdomain: string) => `/clubs/posts.json?subdomain=${subdomain}&page=0`,
  ];

  it('is the 404 of an unknown subdomain on all three, byte for byte', async () => {
    const other = await otherOrganizationsClub();
    for (const page of pages) {
      const unknown = await member.request('GET', page('nosuch'));
      const response = await member.request('GET', page(other.subdomain));
      expect(unknown.status, page('nosuch')).toBe(404);
      expect({ path: page(other.subdomain), status: response.status, body: response.text }).toEqual(
        {
          path: page(other.subdomain),
          status: 404,
          body: unknown.text,
        },
      );
      expect(response.headers.get('content-type')).toBe(unknown.headers.get('content-type'));
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    }
  });

  it("opens all three for the member's own organisation's clubs, and any club for an admin", async () => {
    const other = await otherOrganizationsClub();
    for (const page of pages) {
      for (const subdomain of [DEMO_CLUBS.L1, DEMO_CLUBS.L2, DEMO_CLUBS.grandLodge]) {
        expect((await member.request('GET', page(subdomain))).status, page(subdomain)).toBe(200);
      }
      expect(
        (await admin.request('GET', page(other.subdomain))).status,
        page(other.subdomain),
      ).toBe(200);
    }
  });

  it("keeps a PUBLIC or MEMBER event and post of another organisation's club readable by id", async () => {
    const own = await clubRow(DEMO_CLUBS.L1);
    const event = await db()
      .selectFrom('calendar_events as e')
      .innerJoin('clubs as c', 'c.id', 'e.club_id')
      .select('e.id')
      .where('c.organization_id', '!=', own.organization_id)
      .where('e.access', 'in', ['PUBLIC', 'MEMBER'])
      .orderBy('e.id')
      .executeTakeFirstOrThrow();
    const post = await db()
      .selectFrom('posts as p')
      .innerJoin('clubs as c', 'c.id', 'p.club_id')
      .select('p.id')
      .where('c.organization_id', '!=', own.organization_id)
      .where('p.type', '=', 'ClubPost')
      .where('p.access', 'in', ['PUBLIC', 'MEMBER'])
      .orderBy('p.id')
      .executeTakeFirstOrThrow();
    expect((await member.request('GET', `/calendar_events/${event.id}.json`)).status).toBe(200);
    expect((await member.request('GET', `/posts/${post.id}.json`)).status).toBe(200);
  });
});

describe('the next event and the latest post follow the calendar and posts visibility (CLUB-09, CLUB-10)', () => {
  it("a lodge's CLUB event and post show to its members, not to other members", async () => {
    const l2 = await clubRow(DEMO_CLUBS.L2);
    // The lodge's own events are replaced by two the test knows: a CLUB one first.
    await db().deleteFrom('calendar_events').where('club_id', '=', l2.id).execute();
    const create = async (access: string, date: string) => {
      const response = await webmaster.request<{ data: { calendar_event: { id: number } } }>(
        'POST',
        '/calendar_events',
        {
          body: {
            calendar_event: {
              club_id: l2.id,
              name: `${access} night`,
              location: 'The lodge hall',
              new_description: '<p>All welcome.</p>',
              access,
              start_date_string: date,
              start_time_string: '7:00pm',
              time_zone_id: 1,
              allows_comments: true,
              photos_attributes: [],
            },
          },
        },
      );
      expect(response.status, response.text).toBe(200);
      return response.body.data.calendar_event.id;
    };
    const lodgeOnly = await create('CLUB', '05/16/2027');
    const everyone = await create('PUBLIC', '05/23/2027');

    expect((await clubOf(webmaster, DEMO_CLUBS.L2)).next_event?.id).toBe(lodgeOnly);
    expect((await clubOf(admin, DEMO_CLUBS.L2)).next_event?.id).toBe(lodgeOnly);
    const seenByMember = (await clubOf(member, DEMO_CLUBS.L2)).next_event;
    expect(seenByMember?.id).toBe(everyone);
    expect(seenByMember?.club.subdomain).toBe(DEMO_CLUBS.L2);

    // The latest post is the first of the club's news list for the same member.
    const firstOfList = async (client: MemberClient) => {
      const response = await client.request<{ data: { posts: { id: number }[] } }>(
        'GET',
        `/clubs/posts.json?subdomain=${DEMO_CLUBS.L2}&page=0`,
      );
      return response.body.data.posts[0]?.id ?? null;
    };
    const before = (await clubOf(member, DEMO_CLUBS.L2)).latest_post?.id ?? null;
    expect(before).toBe(await firstOfList(member));
    const posted = await webmaster.request<{ data: { post: { id: number } } }>('POST', '/posts', {
      body: {
        post: {
          post_as: l2.id,
          subject: 'For the lodge only',
          access: 'CLUB',
          new_body: '<p>Lodge business.</p>',
        },
      },
    });
    expect(posted.status, posted.text).toBe(200);
    const lodgePost = posted.body.data.post.id;
    expect((await clubOf(webmaster, DEMO_CLUBS.L2)).latest_post?.id).toBe(lodgePost);
    expect((await clubOf(member, DEMO_CLUBS.L2)).latest_post?.id ?? null).toBe(before);
    expect(before).not.toBeNull();
  });

  it('is null when the club has no upcoming event the member may see', async () => {
    const club = await clubRow(DEMO_CLUBS.grandLodge);
    await db().deleteFrom('calendar_events').where('club_id', '=', club.id).execute();
    expect((await clubOf(member, DEMO_CLUBS.grandLodge)).next_event).toBeNull();
  });
});

async function search(client: MemberClient, text: string, page = 0) {
  const query = new URLSearchParams({ search_text: text, page: String(page) }).toString();
  return client.request<{ data: ClubListAnswer }>('GET', `/clubs.json?${query}`);
}

async function everyClubFound(text: string): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 0; ; page += 1) {
    const response = await search(member, text, page);
    expect(response.status, response.text).toBe(200);
    ids.push(...response.body.data.clubs.map((club) => club.id));
    if (!response.body.data.has_more) return ids;
  }
}

let added = 0;
/** A lodge of the demo members' organisation with these names, as the seed would store it. */
async function addLodge(lodge: { name: string; formal_name: string; city: string | null }) {
  const l1 = await clubRow(DEMO_CLUBS.L1);
  added += 1;
  const now = Date.now();
  const row = await db()
    .insertInto('clubs')
    .values({
      organization_id: l1.organization_id,
      club_type_id: l1.club_type_id,
      group_id: l1.group_id,
      ...lodge,
      subdomain: `searchcase${added}`,
      search_key: lodgeSearchKey(lodge),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('GET /clubs.json?search_text= matches as common/lodge-search.ts does (API-CLUB-05, DIR-07, AMB-11)', () => {
  it.each(LODGE_SEARCH_CASES.filter((c) => c.text.replace(/[/\\]/g, '').trim().length >= 2))(
    '"$text" on $lodge.name: $why',
    async (c) => {
      const id = await addLodge(c.lodge);
      expect((await everyClubFound(c.text)).includes(id)).toBe(c.matches);
    },
  );

  it('strips slashes and backslashes and trims the text (SRCH-12)', async () => {
    expect(await everyClubFound(' oak/\\ ')).toEqual(await everyClubFound('oak'));
    expect((await everyClubFound('oak')).length).toBeGreaterThan(0);
  });

  it('refuses fewer than 2 characters once cleaned, under search_text', async () => {
    for (const text of ['a', ' /a\\ ', '']) {
      const response = await search(member, text);
      expect(response.status).toBe(422);
      expect(response.text).toContain('search_text');
    }
  });

  it("finds only the clubs of the member's organisations (D37); an admin finds any", async () => {
    const other = await otherOrganizationsClub();
    const row = await db()
      .selectFrom('clubs')
      .select('name')
      .where('id', '=', other.id)
      .executeTakeFirstOrThrow();
    expect((await everyClubFound(row.name)).includes(other.id)).toBe(false);
    const found = await search(admin, row.name);
    expect(found.body.data.clubs.map((club) => club.id)).toContain(other.id);
  });

  it('answers pages of 50 with has_more, by name', async () => {
    const first = await search(member, 'lodge');
    expect(first.body.data.clubs).toHaveLength(50);
    expect(first.body.data.has_more).toBe(true);
    const second = await search(member, 'lodge', 1);
    const ids = [...first.body.data.clubs, ...second.body.data.clubs].map((club) => club.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('GET /clubs.json?by_city=true (API-CLUB-06, DIR-09, DIR-10)', () => {
  it("lists the organisation's clubs by city, then by formal name", async () => {
    const response = await member.request<{ data: ClubListAnswer }>(
      'GET',
      '/clubs.json?by_city=true',
    );
    expect(response.status).toBe(200);
    const clubs = response.body.data.clubs;
    expect(response.body.data.has_more).toBe(false);
    expect(clubs.map((club) => club.id)).toEqual(
      groupLodgesByCity(clubs).flatMap((city) => city.lodges.map((club) => club.id)),
    );
    const other = await otherOrganizationsClub();
    expect(clubs.map((club) => club.id)).not.toContain(other.id);
    expect(clubs.map((club) => club.subdomain)).toContain(DEMO_CLUBS.L1);
    const cities = [...new Set(clubs.map((club) => club.city))];
    expect(cities.length).toBeGreaterThan(10);
  });
});

describe('favourite clubs (API-CLUB-07..09, CLUB-20, ENT-13)', () => {
  async function favourites(client: MemberClient): Promise<FavoriteClub[]> {
    const response = await client.request<{ data: { favorite_clubs: FavoriteClub[] } }>(
      'GET',
      '/favorite_clubs.json',
    );
    expect(response.status).toBe(200);
    return response.body.data.favorite_clubs;
  }

  it("lists the member's own clubs as favourites, marked is_member (CLUB-07)", async () => {
    const list = await favourites(member);
    const own = list.find((entry) => entry.club.subdomain === DEMO_CLUBS.L1);
    expect(own).toMatchObject({ is_member: true, club: { subdomain: DEMO_CLUBS.L1 } });
    expect(own?.club_id).toBe(own?.club.id);
  });

  it('follows and unfollows a lodge, each twice without change (idempotent)', async () => {
    const l2 = await clubRow(DEMO_CLUBS.L2);
    await member.request('DELETE', `/favorite_clubs/${l2.id}`);
    expect((await clubOf(member, DEMO_CLUBS.L2)).is_favorite).toBe(false);

    for (let time = 0; time < 2; time += 1) {
      const response = await member.request<{ data: { favorite_club: FavoriteClub } }>(
        'POST',
        '/favorite_clubs.json',
        { body: { favorite_club: { club_id: l2.id } } },
      );
      expect(response.status, response.text).toBe(200);
      expect(response.body.data.favorite_club).toMatchObject({
        club_id: l2.id,
        is_member: false,
        club: { subdomain: DEMO_CLUBS.L2 },
      });
    }
    const rows = await db()
      .selectFrom('favorite_clubs as fc')
      .innerJoin('users as u', 'u.id', 'fc.user_id')
      .select('fc.id')
      .where('u.username', '=', MEMBER.username)
      .where('fc.club_id', '=', l2.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect((await clubOf(member, DEMO_CLUBS.L2)).is_favorite).toBe(true);
    expect((await favourites(member)).map((entry) => entry.club_id)).toContain(l2.id);

    for (let time = 0; time < 2; time += 1) {
      expect((await member.request('DELETE', `/favorite_clubs/${l2.id}`)).status).toBe(204);
    }
    expect((await clubOf(member, DEMO_CLUBS.L2)).is_favorite).toBe(false);
    expect((await favourites(member)).map((entry) => entry.club_id)).not.toContain(l2.id);
  });

  it("keeps a member's own lodge a favourite when they unfollow it (CLUB-07)", async () => {
    const l1 = await clubRow(DEMO_CLUBS.L1);
    expect((await member.request('DELETE', `/favorite_clubs/${l1.id}`)).status).toBe(204);
    expect((await clubOf(member, DEMO_CLUBS.L1)).is_favorite).toBe(true);
  });

  it('is a 404 for an unknown club and for a club of another organisation', async () => {
    const other = await otherOrganizationsClub();
    for (const id of [999999, other.id]) {
      const post = await member.request('POST', '/favorite_clubs.json', {
        body: { favorite_club: { club_id: id } },
      });
      expect(post.status).toBe(404);
      expect((await member.request('DELETE', `/favorite_clubs/${id}`)).status).toBe(404);
    }
  });

  it('needs a signed-in member', async () => {
    expect((await server.request('GET', '/favorite_clubs.json')).status).toBe(401);
    expect((await server.request('GET', '/clubs.json?by_city=true')).status).toBe(401);
  });
});

describe('a static map provider (MAP_IMAGE_URL_TEMPLATE, CONST-33, D40)', () => {
  let withProvider: TestServer;

  beforeAll(async () => {
    withProvider = await startTestServer({
      env: {
        MAP_IMAGE_URL_TEMPLATE:
          'https://maps.example.org/static?center={lat},{lng}&zoom={zoom}&size={width}x{height}',
      },
    });
    await seedDemoData(withProvider);
  });

  afterAll(async () => {
    await withProvider?.close();
  });

  it("shows the provider's 400x400 image at zoom 15 where no image is stored, and lets the page load it", async () => {
    const client = await signInAs(withProvider, MEMBER.username);
    const response = await client.request<{ data: { club: Club } }>(
      'GET',
      `/clubs/by_subdomain.json?subdomain=${DEMO_CLUBS.L1}`,
    );
    const club = response.body.data.club;
    expect(club.home_page_option.map_image).toBe(
      `https://maps.example.org/static?center=${club.lat},${club.lng}&zoom=${MAP_ZOOM}&size=${MAP_IMAGE_SIZE}x${MAP_IMAGE_SIZE}`,
    );
    expect(response.headers.get('content-security-policy')).toMatch(
      /img-src 'self' data: blob: https:\/\/maps\.example\.org;/,
    );
  });
});
