import { describe, expect, it } from 'vitest';
import { COMMENT_AUTHOR, POST_AUTHOR } from './access-matrix.ts';
import { partiesNamedIn, unseenPeople } from './people-named.ts';

/** A party as answers carry it (sessionPartySchema). */
const party = (id: number) => ({ id, display_name: `Member ${id}`, avatar: null });

describe("the permission matrix's content check (docs/decisions.md D55)", () => {
  it('finds parties by their shape and by keys ending in party_id, with their paths', () => {
    const answer = {
      data: {
        event_attendees: [{ id: 7, status: 'YES', party: party(11) }],
        chat: { last_activity_party_id: 12, chat_messages: [{ id: 3, party_id: 13 }] },
        club: { id: 5, name: 'Harmony Lodge', subdomain: 'harmony412' },
      },
    };
    expect(partiesNamedIn(answer)).toEqual([
      { path: 'data.event_attendees[].party', partyId: 11 },
      { path: 'data.chat.last_activity_party_id', partyId: 12 },
      { path: 'data.chat.chat_messages[].party_id', partyId: 13 },
    ]);
  });

  it('reports each field naming someone the viewer may not see, once, with the parties', () => {
    const answer = {
      data: { event_attendees: [1, 2, 3, 4, 5].map((id) => ({ id: 100 + id, party: party(id) })) },
    };
    const sees = (id: number) => id === 1;
    expect(unseenPeople(answer, sees, [])).toEqual([
      'data.event_attendees[].party names 4 the viewer may not see (D37): 2, 3, 4 and 1 more',
    ]);
    expect(unseenPeople(answer, () => true, [])).toEqual([]);
  });

  it('lets an allowed field name anyone, and only that field', () => {
    const answer = {
      data: {
        posts: [{ id: 1, party: party(21) }],
        comment_container: {
          comments: [{ id: 2, party_id: 22, party: party(22), children: [{ party: party(23) }] }],
        },
        event_attendees: [{ id: 3, party: party(24) }],
      },
    };
    expect(unseenPeople(answer, () => false, [POST_AUTHOR, COMMENT_AUTHOR])).toEqual([
      'data.event_attendees[].party names 1 the viewer may not see (D37): 24',
    ]);
  });
});
