import { describe, expect, it } from 'vitest';
import { CLUB_OFFICERS, COMMENT_AUTHOR, MEMBER_STATUS_CARD, POST_AUTHOR } from './access-matrix.ts';
import { partiesNamedIn, unseenNamePattern, unseenNames, unseenPeople } from './people-named.ts';

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

  it('lets an allowed field name anyone in what it holds, by id and by name', () => {
    const answer = {
      data: {
        club: {
          current_officer_positions: [
            {
              title: 'Secretary',
              current_officers: [{ party_id: 31, full_name: 'Ezekiel Baumgartner' }],
            },
          ],
          organizer_party_id: 32,
        },
      },
    };
    const names = unseenNamePattern(['Ezekiel Baumgartner'], []);
    if (!names) throw new Error('no name is left to search for');
    expect(unseenPeople(answer, () => false, [CLUB_OFFICERS])).toEqual([
      'data.club.organizer_party_id names 1 the viewer may not see (D37): 32',
    ]);
    expect(unseenNames(answer, names, [CLUB_OFFICERS])).toEqual([]);
    expect(unseenPeople(answer, () => false, [])).toHaveLength(2);
    expect(unseenNames(answer, names, [])).toHaveLength(1);
  });

  describe('names given without an id', () => {
    const pattern = (hidden: string[], known: string[] = []) => {
      const made = unseenNamePattern(hidden, known);
      if (!made) throw new Error('no name is left to search for');
      return made;
    };

    it('finds a hidden name in any field, whole words only, each field once', () => {
      const names = pattern(['Ezekiel Baumgartner', 'Thaddeus Okonkwo-Reyes', 'Lucius Vane']);
      const answer = {
        data: {
          club: {
            current_officer_positions: [
              {
                title: 'Secretary',
                current_officers: [{ party_id: null, full_name: 'Lucius Vane' }],
              },
            ],
          },
          chats: [
            { last_activity_summary: 'Ezekiel Baumgartner: see you Tuesday' },
            { last_activity_summary: 'Thaddeus Okonkwo-Reyes, Ezekiel Baumgartner and 2 others' },
          ],
          note: 'Lucius Vanetti and Ezekiel Baumgartners are other people',
        },
      };
      expect(unseenNames(answer, names, [])).toEqual([
        'data.club.current_officer_positions[].current_officers[].full_name gives the name of 1 ' +
          'the viewer may not see (D37): "Lucius Vane"',
        'data.chats[].last_activity_summary gives the name of 2 the viewer may not see (D37): ' +
          '"Ezekiel Baumgartner", "Thaddeus Okonkwo-Reyes"',
      ]);
    });

    it('searches an answer that is not JSON as one text', () => {
      const names = pattern(['Ezekiel Baumgartner']);
      expect(unseenNames('ORGANIZER;CN=Ezekiel Baumgartner:mailto:x', names, [])).toEqual([
        'the answer gives the name of 1 the viewer may not see (D37): "Ezekiel Baumgartner"',
      ]);
      expect(unseenNames('SUMMARY:Lodge Supper', names, [])).toEqual([]);
    });

    it('lets an allowed field, and everything under it, name anyone', () => {
      const names = pattern(['Ezekiel Baumgartner']);
      const answer = {
        data: {
          posts: [{ party: { ...party(1), display_name: 'Ezekiel Baumgartner' } }],
          comment_container: {
            comments: [
              {
                party_name: 'Ezekiel Baumgartner',
                children: [{ party_name: 'Ezekiel Baumgartner' }],
              },
            ],
          },
          member_statuses: [{ number: '1', name: 'Ezekiel Baumgartner' }],
        },
      };
      expect(unseenNames(answer, names, [POST_AUTHOR, COMMENT_AUTHOR, MEMBER_STATUS_CARD])).toEqual(
        [],
      );
      expect(unseenNames(answer, names, [POST_AUTHOR, COMMENT_AUTHOR])).toEqual([
        'data.member_statuses[].name gives the name of 1 the viewer may not see (D37): ' +
          '"Ezekiel Baumgartner"',
      ]);
    });

    it('leaves out names too short or of one word, which ordinary words would match', () => {
      const names = pattern(['Ezekiel Baumgartner', 'Al Bu', 'Brother', 'Mercury']);
      expect(unseenNames({ text: 'Brother Al Bu of Mercury Lodge' }, names, [])).toEqual([]);
      expect(unseenNamePattern(['Al Bu', 'Brother'], [])).toBeUndefined();
    });

    it("leaves out a hidden name that a visible member's or a club's name holds", () => {
      // A stranger named as a brother one may see, or as a lodge, would be found in every
      // answer that rightly names them.
      const names = pattern(
        ['John Andrew Smith', 'Andrew Smith', 'George Washington', 'Ezekiel Baumgartner'],
        ['John Andrew Smith, Jr.', 'George Washington Lodge No. 12'],
      );
      const answer = {
        officer: 'John Andrew Smith, Jr.',
        club: 'George Washington Lodge No. 12',
        summary: 'Ezekiel Baumgartner: hello',
      };
      expect(unseenNames(answer, names, [])).toEqual([
        'summary gives the name of 1 the viewer may not see (D37): "Ezekiel Baumgartner"',
      ]);
    });

    it('drops every hidden name a known one holds, even where the matches overlap', () => {
      // 'Mary Ann Smith' is known; 'Ann Smith Jones' and 'Mary Ann' overlap it and are hidden.
      const names = pattern(['Mary Ann', 'Ann Smith Jones', 'Ann Smith'], ['Mary Ann Smith']);
      expect(unseenNames({ a: 'Mary Ann Smith' }, names, [])).toEqual([]);
      expect(unseenNames({ a: 'Ann Smith Jones' }, names, [])).toEqual([
        'a gives the name of 1 the viewer may not see (D37): "Ann Smith Jones"',
      ]);
    });
  });
});
