import type {
  ConsoleMember,
  ConsoleScopeAnswer,
  RosterImport,
  RosterMember,
} from '../../../common/schemas/console.ts';
import type { User } from '../../../common/schemas/session.ts';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetSessionForTests } from '../../api/session.ts';
import { clearOkDialogs } from '../../components/ok-dialog-store.ts';
import { queryClient } from '../../http/client.ts';
import { fakeApi, membershipGroupsAnswer, respond, testUser } from '../../test/fixtures.ts';

/** The console's answers as the server gives them (common/schemas/console.ts), for its tests. */

/** S of the checklist: secretary of Harmony Lodge No. 412, allowed the console. */
export function testSecretary(): User {
  return testUser({
    username: 'secretary',
    party_id: 9,
    abilities: { use_console: true },
  });
}

/**
 * A console screen test's frame: each test starts signed in as S with nothing cached and no
 * dialog open, and its calls go to the returned fetch, which the test answers.
 */
export function signedInSecretaryWithFetch() {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    clearOkDialogs();
    queryClient.clear();
    resetSessionForTests({ status: 'signedIn', user: testSecretary() });
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  return fetchMock;
}

export const HARMONY = {
  id: 11,
  organization_id: 1,
  group_id: 2,
  name: 'Harmony Lodge No. 412',
  formal_name: 'Harmony Lodge No. 412, F&AM',
  subdomain: 'harmony412',
  type_name: 'Lodge',
};

export function scopeAnswer(
  overrides: Partial<ConsoleScopeAnswer['data']> = {},
): ConsoleScopeAnswer {
  return {
    data: {
      is_admin: false,
      organizations: [{ id: 1, name: 'Grand Lodge of Ohio F&AM' }],
      clubs: [HARMONY],
      ...overrides,
    },
  };
}

export function testRosterMember(id: number, overrides: Partial<RosterMember> = {}): RosterMember {
  return {
    party_id: id,
    display_name: `Member ${id}`,
    first_name: 'Member',
    last_name: String(id),
    member_number: String(100000 + id),
    status: 'active',
    has_account: true,
    clubs: [{ id: HARMONY.id, name: HARMONY.name }],
    ...overrides,
  };
}

export function testConsoleMember(overrides: Partial<ConsoleMember> = {}): ConsoleMember {
  return {
    party_id: 21,
    organization: { id: 1, name: 'Grand Lodge of Ohio F&AM' },
    display_name: 'Walter Ames',
    first_name: 'Walter',
    middle_name: null,
    last_name: 'Ames',
    suffix: null,
    preferred_name: 'Walt',
    birth_date: '1950-03-31',
    member_number: '412021',
    status: { value: 'active', on: null, note: null },
    has_account: true,
    emails: ['walter@example.test'],
    phones: [{ kind: 'cell', number: '614-555-0101' }],
    address: null,
    memberships: [
      {
        id: 5,
        club: { id: HARMONY.id, name: HARMONY.name, subdomain: HARMONY.subdomain },
        roles: ['webmaster'],
        joined_on: '1990-05-01',
        left_on: null,
      },
    ],
    abilities: { change_status: true },
    ...overrides,
  };
}

export function testImport(overrides: Partial<RosterImport> = {}): RosterImport {
  return {
    id: 3,
    organization_id: 1,
    dry_run: true,
    state: 'done',
    processed_rows: 2,
    total_rows: 2,
    added: 2,
    updated: 0,
    unchanged: 0,
    errors: [],
    committed: false,
    failure: null,
    ...overrides,
  };
}

type Answer = Response | (() => Response | Promise<Response>);

/** fakeApi with what every signed-in screen asks (My Memberships) and the console's scope. */
export function consoleApi(routes: Record<string, Answer>, scope = scopeAnswer()): typeof fetch {
  return fakeApi({
    'GET /club_membership_groups.json': respond(200, membershipGroupsAnswer()),
    'GET /admin/scope.json': respond(200, scope),
    ...routes,
  });
}
