import { describe, expect, it } from 'vitest';
import { Random } from '../../server/db/seed/random.ts';
import { MIX, canMake, chatPlan, membersFor, planCall, tabsPerMember } from './mixed-workload.ts';
import type { LoadSession } from './mixed-workload.ts';

const session: LoadSession = {
  index: 0,
  member: { username: 'jsmith', partyId: 12, clubId: 3 },
  signer: { publicKey: 'key', headersFor: () => ({}) },
  chats: [70],
  containers: [500],
  events: [900],
};

describe('the mix', () => {
  it('names each kind once, with a budget', () => {
    const kinds = MIX.map((spec) => spec.kind);
    expect(new Set(kinds).size).toBe(kinds.length);
    for (const spec of MIX) expect(spec.budgetP99Ms).toBeGreaterThan(0);
  });

  it('builds each kind as the API takes it', () => {
    const random = new Random(1, 'test');
    const send = planCall('chat-send', session, random, 7, 'run1');
    expect(send).toMatchObject({ expectStatus: 201, chatId: 70 });
    expect(send.request.path).toBe('/api/private/mobile/v1/chats/70/party_chat_messages.json');
    expect(JSON.parse(send.request.body ?? '')).toEqual({
      chat_message: { client_id: 'load-run1-7', content: 'Mixed load message 7' },
    });
    const comment = planCall('comment', session, random, 8, 'run1');
    expect(JSON.parse(comment.request.body ?? '')).toMatchObject({
      comment: { comment_container_id: 500, parent_id: null },
    });
    const rsvp = planCall('rsvp', session, random, 9, 'run1');
    expect(JSON.parse(rsvp.request.body ?? '')).toMatchObject({ calendar_event_id: 900 });
    const search = planCall('member-search', session, random, 10, 'run1');
    expect(search.request.path).toMatch(
      /^\/api\/private\/mobile\/v1\/contacts_by_name\?search_text=/,
    );
    expect(planCall('healthz', session, random, 11, 'run1').request.path).toBe('/healthz');
  });

  it('aims comments, RSVPs and sends only from members who have a target', () => {
    const bare = { ...session, chats: [], containers: [], events: [] };
    for (const kind of ['comment', 'rsvp', 'chat-send'] as const) {
      expect(canMake(kind, bare)).toBe(false);
      expect(canMake(kind, session)).toBe(true);
    }
    expect(canMake('feed', bare)).toBe(true);
  });
});

describe('tabsPerMember', () => {
  it('spreads 500 streams over 400 members: every fourth has two', () => {
    const tabs = tabsPerMember(400, 500);
    expect(tabs.reduce((a, b) => a + b, 0)).toBe(500);
    expect(tabs.filter((n) => n === 2)).toHaveLength(100);
    expect(tabs.slice(0, 8)).toEqual([1, 1, 1, 2, 1, 1, 1, 2]);
  });

  it('leaves members without a stream when there are fewer streams', () => {
    expect(tabsPerMember(4, 2)).toEqual([0, 1, 0, 1]);
  });

  it('asks four members for five streams, and at least twenty', () => {
    expect(membersFor(500)).toBe(400);
    expect(membersFor(5)).toBe(20);
  });
});

describe('chatPlan', () => {
  it('puts every member in a group of neighbours and a one-on-one, the first fifty in a large group', () => {
    const plan = chatPlan(400);
    const groups = plan.filter((chat) => chat.type === 'group');
    const pairs = plan.filter((chat) => chat.type === 'pair');
    expect(groups).toHaveLength(81);
    expect(groups.at(-1)?.members).toHaveLength(50);
    expect(pairs).toHaveLength(200);
    expect(pairs[0]?.members).toEqual([0, 200]);
    for (let member = 0; member < 400; member += 1) {
      const chats = plan.filter((chat) => chat.members.includes(member));
      expect(chats.length).toBeGreaterThanOrEqual(2);
    }
  });

  it('never makes a group of one', () => {
    const plan = chatPlan(21);
    for (const chat of plan) expect(chat.members.length).toBeGreaterThan(1);
  });
});
