import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  CLOSED_BADGE,
  CONFIRM_CLOSE,
  CLOSE_CLUB,
  CLUB_MEETINGS_LABEL,
  CLUB_SAVED,
  CLUB_IMAGE_SAVED,
  CREATE_ORGANIZATION,
  OPEN_CLUBS,
  OPEN_ORGANIZATION,
  ORGANIZATION_READ_ONLY,
  ORGANIZATION_SAVED,
  SAVE_CLUB,
  SAVE_ORGANIZATION,
  SUBDOMAIN_TAKEN,
  addClubUnder,
  collapseClub,
  colourTooLight,
  expandClub,
  statusColourLabel,
  STATUS_TEXT,
} from '../../../common/messages.ts';
import { contrastRatio } from '../../../common/contrast.ts';
import {
  DEFAULT_STATUS_STYLES,
  type ClubTreeEntry,
  type ConsoleClubDetail,
  type ConsoleOrganizationDetail,
} from '../../../common/schemas/console-clubs.ts';
import { MEMBER_STATUS_VALUES } from '../../../common/schemas/console.ts';
import { resetSessionForTests } from '../../api/session.ts';
import { respond, testUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { clubForest } from './ClubTreePage.tsx';
import {
  consoleApi,
  HARMONY,
  scopeAnswer,
  signedInSecretaryWithFetch,
} from './console-fixtures.ts';

const fetchMock = signedInSecretaryWithFetch();

function organizationDetail(edit: boolean): ConsoleOrganizationDetail {
  return {
    id: 1,
    name: 'Grand Lodge of Ohio F&AM',
    member_number_min_length: 6,
    member_number_max_length: 6,
    is_recognized: true,
    club_types: [
      { id: 1, name: 'Grand Lodge', rank: 0, is_leaf: false, club_count: 1 },
      { id: 2, name: 'District', rank: 1, is_leaf: false, club_count: 1 },
      { id: 3, name: 'Lodge', rank: 2, is_leaf: true, club_count: 2 },
    ],
    statuses: MEMBER_STATUS_VALUES.map((status) => ({ status, ...DEFAULT_STATUS_STYLES[status] })),
    abilities: { edit },
  };
}

function treeEntry(
  id: number,
  groupId: number | null,
  name: string,
  overrides: Partial<ClubTreeEntry> = {},
): ClubTreeEntry {
  return {
    id,
    group_id: groupId,
    name,
    formal_name: name,
    subdomain: name.toLowerCase().replace(/[^a-z0-9]/g, ''),
    type_name: 'Lodge',
    closed_at: null,
    ...overrides,
  };
}

function clubDetail(overrides: Partial<ConsoleClubDetail> = {}): ConsoleClubDetail {
  return {
    id: HARMONY.id,
    organization_id: 1,
    name: HARMONY.name,
    formal_name: HARMONY.formal_name,
    club_type_id: 3,
    group_id: 2,
    group_name: 'District 9',
    subdomain: HARMONY.subdomain,
    address1: '12 Main St',
    address2: null,
    city: 'Columbus',
    state: 'OH',
    zip: '43215',
    time_zone_id: 1,
    lat: 39.96,
    lng: -83,
    description: null,
    introduction: null,
    is_hiding_stock_introduction: false,
    meetings: 'First Monday',
    map_url: null,
    default_url: null,
    closed_at: null,
    avatar: null,
    map_image: '/media/demo/map-1.png',
    abilities: { edit: true, close: true, add_child: true },
    ...overrides,
  };
}

function calls(method: string, path: string) {
  return fetchMock.mock.calls.filter(
    ([url, init]) => String(url).includes(path) && (init?.method ?? 'GET') === method,
  );
}

function bodyOf(method: string, path: string): Record<string, unknown> {
  const [, init] = calls(method, path).at(-1) ?? [];
  return JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
}

describe('the clubs tree (clubForest)', () => {
  it('puts each club under its listed parent, and a club whose parent is not listed at the top', () => {
    const forest = clubForest([
      treeEntry(2, 1, 'District 9'),
      treeEntry(11, 2, 'Harmony'),
      treeEntry(12, 2, 'Olentangy'),
      treeEntry(30, 99, 'Elsewhere'),
    ]);
    expect(forest.map((node) => node.club.name)).toEqual(['District 9', 'Elsewhere']);
    expect(forest[0]?.children.map((node) => node.club.name)).toEqual(['Harmony', 'Olentangy']);
  });
});

describe('the console home’s organisation and lodges (D68)', () => {
  it('offers a secretary the organisation and the lodges of their organisation', async () => {
    fetchMock.mockImplementation(consoleApi({}));
    renderApp('/admin');
    expect(
      (await screen.findByRole('link', { name: OPEN_ORGANIZATION })).getAttribute('href'),
    ).toBe('/admin/organization?organization_id=1');
    expect(screen.getByRole('link', { name: OPEN_CLUBS }).getAttribute('href')).toBe(
      '/admin/clubs?organization_id=1',
    );
  });

  it('on an empty database gives the administrator a button that creates the organisation', async () => {
    resetSessionForTests({
      status: 'signedIn',
      user: testUser({ is_admin: true, abilities: { use_console: true } }),
    });
    fetchMock.mockImplementation(
      consoleApi(
        {
          'POST /admin/organizations.json': respond(200, {
            data: { organization: { ...organizationDetail(true), name: 'Grand Lodge of Iowa' } },
          }),
        },
        scopeAnswer({ is_admin: true, organizations: [], clubs: [] }),
      ),
    );
    renderApp('/admin');
    fireEvent.click(await screen.findByRole('link', { name: CREATE_ORGANIZATION }));
    const name = await screen.findByTestId('organization-name');
    fireEvent.change(name, { target: { value: 'Grand Lodge of Iowa' } });
    fireEvent.click(screen.getByTestId('organization-save'));
    await waitFor(() => expect(calls('POST', '/admin/organizations.json')).toHaveLength(1));
    const sent = bodyOf('POST', '/admin/organizations.json');
    expect(sent.name).toBe('Grand Lodge of Iowa');
    expect((sent.club_types as { name: string }[]).map((level) => level.name)).toEqual([
      'Grand Lodge',
      'District',
      'Lodge',
    ]);
  });
});

describe('the organisation screen (D68)', () => {
  it('shows a lodge secretary the settings to read, with nothing to save', async () => {
    fetchMock.mockImplementation(
      consoleApi({
        'GET /admin/organizations/1.json': respond(200, {
          data: { organization: organizationDetail(false) },
        }),
      }),
    );
    renderApp('/admin/organization?organization_id=1');
    expect(await screen.findByText(ORGANIZATION_READ_ONLY)).toBeTruthy();
    expect((screen.getByTestId('organization-name') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: SAVE_ORGANIZATION })).toBeNull();
  });

  it('refuses a colour too pale to see before sending, then saves a readable one', async () => {
    const saved = organizationDetail(true);
    fetchMock.mockImplementation(
      consoleApi({
        'GET /admin/organizations/1.json': respond(200, {
          data: { organization: organizationDetail(true) },
        }),
        'PUT /admin/organizations/1.json': respond(200, { data: { organization: saved } }),
      }),
    );
    renderApp('/admin/organization?organization_id=1');
    const colour = await screen.findByLabelText(statusColourLabel(STATUS_TEXT.active));
    fireEvent.change(colour, { target: { value: '#ffff99' } });
    fireEvent.click(screen.getByRole('button', { name: SAVE_ORGANIZATION }));
    expect(
      await screen.findByText(colourTooLight(contrastRatio('#ffff99', '#ffffff'))),
    ).toBeTruthy();
    expect(calls('PUT', '/admin/organizations/1.json')).toHaveLength(0);

    fireEvent.change(colour, { target: { value: '#1864ab' } });
    fireEvent.click(screen.getByRole('button', { name: SAVE_ORGANIZATION }));
    expect(await screen.findByText(ORGANIZATION_SAVED)).toBeTruthy();
    const statuses = bodyOf('PUT', '/admin/organizations/1.json').statuses as {
      status: string;
      color: string;
    }[];
    expect(statuses.find((entry) => entry.status === 'active')?.color).toBe('#1864ab');
  });
});

describe('the lodges screen and a lodge’s form (D68)', () => {
  const tree = {
    data: {
      clubs: [
        treeEntry(2, null, 'District 9', { type_name: 'District' }),
        treeEntry(HARMONY.id, 2, HARMONY.name, { subdomain: HARMONY.subdomain }),
        treeEntry(13, 2, 'Old Oak Lodge', { closed_at: '2026-01-02' }),
      ],
      may_add_top: false,
    },
  };

  it('opens and closes a branch, marks a closed lodge and offers a club under an open one', async () => {
    fetchMock.mockImplementation(consoleApi({ 'GET /admin/clubs.json': respond(200, tree) }));
    renderApp('/admin/clubs?organization_id=1');
    const toggle = await screen.findByRole('button', { name: collapseClub('District 9') });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const harmony = screen.getByTestId(`club-node-${HARMONY.subdomain}`);
    expect(
      within(harmony)
        .getByRole('link', { name: addClubUnder(HARMONY.name) })
        .getAttribute('href'),
    ).toBe(`/admin/clubs/new?organization_id=1&parent=${HARMONY.id}`);
    expect(
      within(screen.getByTestId('club-node-oldoaklodge')).getByText(CLOSED_BADGE),
    ).toBeTruthy();
    fireEvent.click(toggle);
    expect(
      screen.getByRole('button', { name: expandClub('District 9') }).getAttribute('aria-expanded'),
    ).toBe('false');
    expect(harmony.closest('ul')?.hidden).toBe(true);
  });

  it('saves the meetings text, shows a taken web address name under its field, and closes after asking', async () => {
    let closed = false;
    let putCount = 0;
    fetchMock.mockImplementation(
      consoleApi({
        'GET /admin/clubs.json': respond(200, tree),
        'GET /admin/organizations/1.json': respond(200, {
          data: { organization: organizationDetail(false) },
        }),
        [`GET /admin/clubs/${HARMONY.id}.json`]: () =>
          respond(200, { data: { club: clubDetail(closed ? { closed_at: '2026-11-28' } : {}) } }),
        [`PUT /admin/clubs/${HARMONY.id}.json`]: () => {
          putCount += 1;
          return putCount === 1
            ? respond(422, {
                type: 'x/unprocessable-entity-error',
                status: 422,
                title: 'The request has errors.',
                errors: { subdomain: [SUBDOMAIN_TAKEN] },
              })
            : respond(200, { data: { club: clubDetail({ meetings: 'Second Tuesday' }) } });
        },
        [`POST /admin/clubs/${HARMONY.id}/close.json`]: () => {
          closed = true;
          return respond(200, {
            data: {
              club: clubDetail({
                closed_at: '2026-11-28',
                abilities: { edit: true, close: false, add_child: false },
              }),
            },
          });
        },
      }),
    );
    renderApp(`/admin/clubs/${HARMONY.id}`);
    const meetings = await screen.findByLabelText(CLUB_MEETINGS_LABEL);
    fireEvent.change(meetings, { target: { value: 'Second Tuesday' } });
    fireEvent.click(screen.getByRole('button', { name: SAVE_CLUB }));
    expect(await screen.findByText(SUBDOMAIN_TAKEN)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: SAVE_CLUB }));
    expect(await screen.findByText(CLUB_SAVED)).toBeTruthy();
    expect(bodyOf('PUT', `/admin/clubs/${HARMONY.id}.json`).meetings).toBe('Second Tuesday');

    fireEvent.click(screen.getByRole('button', { name: CLOSE_CLUB }));
    fireEvent.click(await screen.findByRole('button', { name: CONFIRM_CLOSE }));
    expect(await screen.findByTestId('club-closed')).toBeTruthy();
    expect(calls('POST', `/admin/clubs/${HARMONY.id}/close.json`)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: CLOSE_CLUB })).toBeNull();
  });

  it('sends a chosen emblem at once and shows the server’s words when it refuses the file', async () => {
    let answers = 0;
    fetchMock.mockImplementation(
      consoleApi({
        'GET /admin/clubs.json': respond(200, tree),
        'GET /admin/organizations/1.json': respond(200, {
          data: { organization: organizationDetail(false) },
        }),
        [`GET /admin/clubs/${HARMONY.id}.json`]: respond(200, { data: { club: clubDetail() } }),
        [`PUT /admin/clubs/${HARMONY.id}/avatar.json`]: () => {
          answers += 1;
          return answers === 1
            ? respond(200, {
                data: { club: clubDetail({ avatar: { medium_url: '/media/avatars/new.png' } }) },
              })
            : respond(422, {
                type: 'x/unprocessable-entity-error',
                status: 422,
                title: 'The request has errors.',
                errors: { image: ['Must be a JPEG, PNG or GIF image.'] },
              });
        },
      }),
    );
    renderApp(`/admin/clubs/${HARMONY.id}`);
    const section = await screen.findByTestId('club-avatar');
    const input = section.querySelector('input[type="file"]');
    if (!input) throw new Error('no file input');
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'emblem.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });
    expect(await within(section).findByText(CLUB_IMAGE_SAVED)).toBeTruthy();
    expect(bodyOf('PUT', '/avatar.json')).toEqual({ file_name: 'emblem.png', base64: 'iVBORw==' });
    expect(within(section).getByRole('img').getAttribute('src')).toBe('/media/avatars/new.png');

    fireEvent.change(input, { target: { files: [file] } });
    expect(await within(section).findByText('Must be a JPEG, PNG or GIF image.')).toBeTruthy();
  });
});
