import { GROUP_CHAT_TYPE } from '../../../common/constants.ts';
import {
  ONE_ON_ONE_CHAT_TYPE,
  type ChatAbilities,
  type ChatDetail,
  type ChatPartyEntry,
  type ChatSummary,
} from '../../../common/schemas/chat.ts';
import type { SessionParty } from '../../../common/schemas/session.ts';
import { respond, testParty, testUser } from '../../test/fixtures.ts';

/** Chats as the server presents them, for the chat list screens' tests. */

export const me = testUser().party;
export const bill = testParty(42, 'Bill Harper');
export const ann = testParty(43, 'Ann Lee');

/**
 * What the server answers a current member may do with a chat of this type (policies/chats.ts
 * `chatAbilities`): a group's actions on a group only.
 */
export function testChatAbilities(type: ChatSummary['type']): ChatAbilities {
  const group = type === GROUP_CHAT_TYPE;
  return {
    send: true,
    hide: true,
    list_members: group,
    add_member: group,
    rename: group,
    leave: group,
  };
}

/** A 1-on-1 with Bill unless overridden, last active at `at`. */
export function testChatSummary(id: number, overrides: Partial<ChatSummary> = {}): ChatSummary {
  const parties = overrides.parties ?? [bill];
  return {
    id,
    type: ONE_ON_ONE_CHAT_TYPE,
    name: null,
    parties,
    party_count: parties.length + 1,
    hid_at: null,
    created_at: 1,
    last_activity_at: Date.now() - 60_000,
    last_activity_party_id: bill.id,
    last_activity_summary: 'Bill: See you on Tuesday',
    last_chat_message_id: id * 10,
    unseen_count: 0,
    abilities: testChatAbilities(overrides.type ?? ONE_ON_ONE_CHAT_TYPE),
    ...overrides,
  };
}

export function testEntry(
  id: number,
  party: SessionParty,
  overrides: Partial<ChatPartyEntry> = {},
): ChatPartyEntry {
  return {
    id,
    party,
    joined_at: 1,
    left_at: null,
    last_seen_chat_message_id: null,
    ...overrides,
  };
}

/** A named group of me, Bill and Ann unless overridden, with no messages. */
export function testChatDetail(id: number, overrides: Partial<ChatDetail> = {}): ChatDetail {
  return {
    ...testChatSummary(id, { type: GROUP_CHAT_TYPE, name: 'Lodge Officers' }),
    parties: [testEntry(1, me), testEntry(2, bill), testEntry(3, ann)],
    party_count: 3,
    chat_messages: [],
    has_more: false,
    abilities: testChatAbilities(overrides.type ?? GROUP_CHAT_TYPE),
    ...overrides,
  };
}

/** The calls a fetch stand-in was given, as `METHOD path?query` with the parsed body. */
export function sentCalls(fetchMock: {
  mock: { calls: Parameters<typeof fetch>[] };
}): { call: string; body: unknown }[] {
  return fetchMock.mock.calls.map(([input, init]) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const text = typeof init?.body === 'string' ? init.body : '';
    return {
      call: `${(init?.method ?? 'GET').toUpperCase()} ${url.replace(/^.*\/api\/private\/mobile\/v1/, '')}`,
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
  });
}

/** A member search's answer: these members, complete. */
export function searchAnswer(parties: readonly SessionParty[]) {
  return respond(200, {
    data: {
      parties: parties.map((party) => ({ ...party, club_names: ['Harmony Lodge No. 412'] })),
      has_more: false,
    },
  });
}
