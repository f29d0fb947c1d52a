import { API_PREFIX } from '../../common/constants.ts';
import type { Random } from '../../server/db/seed/random.ts';
import type { LoadMember } from './load-members.ts';
import { BENCH_CLIENT_HEADERS } from './scenario.ts';
import type { BenchRequest, RequestSigner } from './scenario.ts';

/*
 * What the mixed load sends (issue 21, docs/decisions.md D55): the calls a signed-in member's
 * screens make most, in a fixed proportion, each by a member picked at random.
 */

export type CallKind =
  | 'feed'
  | 'calendar'
  | 'chat-list'
  | 'notices'
  | 'member-search'
  | 'post'
  | 'comment'
  | 'rsvp'
  | 'chat-send'
  | 'healthz';

export interface KindSpec {
  readonly kind: CallKind;
  /** Share of the calls, out of the weights' total (102). */
  readonly weight: number;
  readonly write: boolean;
  /** p99 the kind must stay under, ms. */
  readonly budgetP99Ms: number;
  readonly call: string;
}

/**
 * docs/architecture.md §10: hot reads p99 under 50 ms at 50 connections. §10 names no budget
 * for writes; the load holds them to the same 50 ms (D55).
 */
export const CALL_BUDGET_P99_MS = 50;

/** Chat delivery, POST to each stream: issue 12's goals (D43). */
export const DELIVERY_BUDGET = { p50Ms: 50, p99Ms: 200 } as const;

const KINDS: readonly Omit<KindSpec, 'budgetP99Ms'>[] = [
  { kind: 'feed', weight: 18, write: false, call: 'GET /posts.json?page=0' },
  { kind: 'calendar', weight: 12, write: false, call: 'GET /calendar_events.json?group=my_events' },
  { kind: 'chat-list', weight: 14, write: false, call: 'GET /chats.json' },
  { kind: 'notices', weight: 10, write: false, call: 'GET /notices.json' },
  { kind: 'member-search', weight: 10, write: false, call: 'GET /contacts_by_name?search_text=…' },
  { kind: 'post', weight: 4, write: true, call: 'POST /posts (a member post to all followers)' },
  { kind: 'comment', weight: 6, write: true, call: 'POST /comments' },
  { kind: 'rsvp', weight: 6, write: true, call: 'POST /event_attendees.json' },
  { kind: 'chat-send', weight: 20, write: true, call: 'POST /chats/{id}/party_chat_messages.json' },
  // No database and no signature: its latency is the floor the machine and the server's event
  // loop set at that moment, to tell a slow route from a starved process.
  { kind: 'healthz', weight: 2, write: false, call: 'GET /healthz (the floor)' },
];

export const MIX: readonly KindSpec[] = KINDS.map((spec) => ({
  ...spec,
  budgetP99Ms: CALL_BUDGET_P99_MS,
}));

/** Two-token and one-token prefixes, as a member types them in the directory's search. */
const SEARCHES = ['jo sm', 'ja', 'rob', 'wi jo', 'mi', 'da br', 'th', 'ch', 'ri mi', 'ge wa'];

/** A signed-in load member and what their calls may aim at. */
export interface LoadSession {
  readonly index: number;
  readonly member: LoadMember;
  readonly signer: RequestSigner;
  /** Chats the member is in (made by the load). */
  readonly chats: number[];
  /** Comment containers of posts in their feed that take comments. */
  readonly containers: number[];
  /** Events of their calendar's first page. */
  readonly events: number[];
}

/** One call to send: the request, the status it must answer, and the chat of a send. */
export interface PlannedCall {
  readonly kind: CallKind;
  readonly session: LoadSession;
  readonly request: BenchRequest;
  readonly expectStatus: number;
  readonly chatId?: number;
}

const JSON_HEADERS = { ...BENCH_CLIENT_HEADERS, 'content-type': 'application/json' };

/** Whether a member has something this kind can aim at. */
export function canMake(kind: CallKind, session: LoadSession): boolean {
  if (kind === 'comment') return session.containers.length > 0;
  if (kind === 'rsvp') return session.events.length > 0;
  if (kind === 'chat-send') return session.chats.length > 0;
  return true;
}

/**
 * Builds call number `n` of `kind` by `session`. `n` makes each text and chat client id unique
 * in the run (a client id is one message's, D41).
 */
export function planCall(
  kind: CallKind,
  session: LoadSession,
  random: Random,
  n: number,
  runTag: string,
): PlannedCall {
  const get = (path: string): PlannedCall => ({
    kind,
    session,
    request: { method: 'GET', path: `${API_PREFIX}${path}`, headers: BENCH_CLIENT_HEADERS },
    expectStatus: 200,
  });
  const post = (path: string, body: unknown, expectStatus = 200, chatId?: number) => ({
    kind,
    session,
    request: {
      method: 'POST' as const,
      path: `${API_PREFIX}${path}`,
      headers: JSON_HEADERS,
      body: JSON.stringify(body),
    },
    expectStatus,
    chatId,
  });
  switch (kind) {
    case 'feed':
      return get('/posts.json?page=0');
    case 'calendar':
      return get('/calendar_events.json?group=my_events');
    case 'chat-list':
      return get('/chats.json');
    case 'notices':
      return get('/notices.json');
    case 'member-search':
      return get(`/contacts_by_name?search_text=${encodeURIComponent(random.pick(SEARCHES))}`);
    case 'post':
      return post('/posts', {
        post: {
          post_as: 'MEMBER',
          access: 'ALL_FOLLOWERS',
          new_body: `<p>Mixed load post ${n}: the hall is open on Thursday from seven.</p>`,
          allows_comments: true,
        },
      });
    case 'comment':
      return post('/comments', {
        comment: {
          comment_container_id: random.pick(session.containers),
          parent_id: null,
          comment: `Mixed load comment ${n}: count me in.`,
        },
      });
    case 'rsvp':
      return post('/event_attendees.json', {
        calendar_event_id: random.pick(session.events),
        status: random.chance(0.8) ? 'YES' : 'NO',
        guests: random.int(0, 2),
      });
    case 'healthz':
      return { kind, session, request: { method: 'GET', path: '/healthz' }, expectStatus: 200 };
    case 'chat-send': {
      const chatId = random.pick(session.chats);
      return post(
        `/chats/${chatId}/party_chat_messages.json`,
        {
          chat_message: {
            client_id: `load-${runTag}-${n}`,
            content: `Mixed load message ${n}`,
          },
        },
        201,
        chatId,
      );
    }
  }
}

/**
 * How many streams (tabs) each of `members` holds so that they add up to `streams`, spread
 * evenly: with 400 members and 500 streams, every fourth member has two tabs.
 */
export function tabsPerMember(members: number, streams: number): number[] {
  return Array.from(
    { length: members },
    (_, i) => Math.floor(((i + 1) * streams) / members) - Math.floor((i * streams) / members),
  );
}

/** Enough members for the chats and the spread of calls however few streams are asked for. */
const MIN_MEMBERS = 20;

/** Members for `streams` streams: four in five with one tab, one in five with two. */
export function membersFor(streams: number): number {
  return Math.max(MIN_MEMBERS, Math.ceil((streams * 4) / 5));
}

/**
 * The load's chats over members 0..n-1 (in lodge order): groups of five neighbours (mostly
 * lodge-mates), one large group of the first fifty (a lodge's own chat), and a one-on-one
 * between each member of the first half and one of the second. Every member is in at least
 * two chats. Each chat lists member indexes, its creator first.
 */
export function chatPlan(members: number): { type: 'group' | 'pair'; members: number[] }[] {
  const chats: { type: 'group' | 'pair'; members: number[] }[] = [];
  for (let start = 0; start + 1 < members; start += 5) {
    const group = Array.from({ length: Math.min(5, members - start) }, (_, i) => start + i);
    chats.push({ type: 'group', members: group });
  }
  const large = Math.min(50, members);
  if (large > 5) chats.push({ type: 'group', members: Array.from({ length: large }, (_, i) => i) });
  const half = Math.floor(members / 2);
  for (let i = 0; i < half; i += 1) chats.push({ type: 'pair', members: [i, i + half] });
  return chats;
}
