import { describe, expect, it } from 'vitest';
import { GROUP_CHAT_TYPE } from '../../../../common/constants.ts';
import {
  ONE_ON_ONE_CHAT_TYPE,
  type ChatMessage,
  type ChatPartyEntry,
} from '../../../../common/schemas/chat.ts';
import { testParty } from '../../../test/fixtures.ts';
import { groupMessages, readState } from './chat-groups.ts';

function message(id: number, partyId: number | null, at: Date): ChatMessage {
  return {
    id,
    chat_id: 1,
    type: partyId === null ? 'SystemChatMessage' : 'PartyChatMessage',
    party_id: partyId,
    content: `m${id}`,
    photo: null,
    created_at: at.getTime(),
    client_id: null,
  };
}

function entry(
  partyId: number,
  lastSeen: number | null,
  leftAt: number | null = null,
): ChatPartyEntry {
  return {
    id: partyId * 10,
    party: testParty(partyId, `Member ${partyId}`),
    joined_at: 0,
    left_at: leftAt,
    last_seen_chat_message_id: lastSeen,
  };
}

describe('message grouping (CONST-28, CHAT-13)', () => {
  it('puts three messages in a row from one member on one day in one run under one day', () => {
    const days = groupMessages([
      message(1, 2, new Date(2024, 2, 5, 9, 0)),
      message(2, 2, new Date(2024, 2, 5, 9, 1)),
      message(3, 2, new Date(2024, 2, 5, 9, 2)),
    ]);
    expect(days).toHaveLength(1);
    expect(days[0]?.label).toBe('Tuesday, March 5, 2024');
    expect(days[0]?.runs).toHaveLength(1);
    expect(days[0]?.runs[0]).toMatchObject({ kind: 'party', partyId: 2 });
  });

  it('starts a new day separator on a new day, a new run on a new sender, and keeps system notes apart', () => {
    const days = groupMessages([
      message(1, 2, new Date(2024, 2, 5, 9, 0)),
      message(2, 7, new Date(2024, 2, 5, 9, 1)),
      message(3, null, new Date(2024, 2, 5, 9, 2)),
      message(4, 7, new Date(2024, 2, 5, 9, 3)),
      message(5, 7, new Date(2024, 2, 6, 9, 0)),
    ]);
    expect(days.map((day) => day.runs.map((run) => run.kind))).toEqual([
      ['party', 'party', 'system', 'party'],
      ['party'],
    ]);
  });
});

describe('read state (D45)', () => {
  const messages = [
    message(1, 7, new Date(2024, 2, 5, 9, 0)),
    message(2, 2, new Date(2024, 2, 5, 9, 1)),
    message(3, 7, new Date(2024, 2, 5, 9, 2)),
  ];

  it("says 'Seen' under the viewer's last message once the other member reached it (1-on-1)", () => {
    const chat = { type: ONE_ON_ONE_CHAT_TYPE, parties: [entry(7, 3), entry(2, 3)] };
    expect(readState(chat, messages, 7)).toEqual({ messageId: 3, text: 'Seen' });
    const notYet = { type: ONE_ON_ONE_CHAT_TYPE, parties: [entry(7, 3), entry(2, 2)] };
    expect(readState(notYet, messages, 7)).toBeNull();
  });

  it("counts the current members who reached it in a group ('Seen by N'), not those who left", () => {
    const chat = {
      type: GROUP_CHAT_TYPE,
      parties: [entry(7, 3), entry(2, 3), entry(3, 4), entry(4, 1), entry(5, 9, 100)],
    };
    expect(readState(chat, messages, 7)).toEqual({ messageId: 3, text: 'Seen by 2' });
  });

  it('says nothing when the viewer has sent nothing', () => {
    const chat = { type: GROUP_CHAT_TYPE, parties: [entry(7, 3), entry(2, 3)] };
    expect(readState(chat, messages.slice(1, 2), 7)).toBeNull();
  });
});
