import type { ChatMessageType, ChatType } from '../schema.ts';
import { CHAT_TEXTS, GROUP_CHAT_NAMES } from './content.ts';
import { DEMO_CLUBS } from './personas.ts';
import type { Random } from './random.ts';
import { DAY, HOUR, MINUTE, must, truncate } from './seed-context.ts';
import type { SeedContext, World } from './seed-context.ts';

/*
 * One-on-one and group chats with their messages: about 24,000 messages per unit of scale
 * (over a million at scale 50). Each chat is drawn, written and forgotten before the next,
 * so memory stays flat however many messages there are.
 */

const BASE_ONE_ON_ONE = 400;
const BASE_GROUPS = 120;
const ONE_ON_ONE_MEAN = 40;
const GROUP_MEAN = 70;

interface MemberPlan {
  party: number;
  /** Index of the message at which the member left (groups only). */
  leaveAt: number | null;
  /** How many of the last messages the member has not seen. */
  unseen: number;
  hidden: boolean;
}

interface ChatPlan {
  type: ChatType;
  name: string | null;
  members: MemberPlan[];
  createdAt: number;
  lastAt: number;
  /** Party messages to draw; fixed texts come first when given. */
  messages: number;
  texts?: { from: number; text: string }[];
  fixture?: string;
}

interface MessageDraft {
  id: number;
  party: number | null;
  type: ChatMessageType;
  content: string | null;
  photoId: number | null;
  at: number;
}

function name(world: World, party: number): string {
  return world.members.get(party)?.displayName ?? 'A member';
}

function summary(world: World, message: MessageDraft): string {
  if (message.type === 'SystemChatMessage') return message.content ?? '';
  // The name people go by: "Bill" for Bill Harper, not William.
  const who = world.members.get(message.party ?? 0)?.displayName.split(' ')[0] ?? 'Someone';
  const what = message.photoId ? 'sent a photo' : truncate(message.content ?? '', 80);
  return message.photoId ? `${who} ${what}` : `${who}: ${what}`;
}

function member(
  party: number,
  unseen = 0,
  hidden = false,
  leaveAt: number | null = null,
): MemberPlan {
  return { party, unseen, hidden, leaveAt };
}

async function writeChat(ctx: SeedContext, rng: Random, given: ChatPlan): Promise<number> {
  const { world, writer, ids, now } = ctx;
  // A small roster can offer the same person twice; a chat lists each member once.
  const plan = {
    ...given,
    members: given.members.filter(
      (m, i) => given.members.findIndex((x) => x.party === m.party) === i,
    ),
  };
  const chatId = ids.take('chats');
  if (plan.fixture) world.fixtures.set(plan.fixture, chatId);
  const parties = plan.members.map((m) => m.party);
  const messages: MessageDraft[] = [];
  const span = Math.max(MINUTE, plan.lastAt - plan.createdAt);
  const times: number[] = [];
  for (let i = 0; i < plan.messages; i++)
    times.push(plan.createdAt + Math.floor(rng.next() * span));
  times.sort((a, b) => a - b);
  if (times.length) times[times.length - 1] = plan.lastAt;

  const system = (content: string, at: number): MessageDraft => {
    const message: MessageDraft = {
      id: 0,
      party: null,
      type: 'SystemChatMessage',
      content,
      photoId: null,
      at,
    };
    messages.push(message);
    return message;
  };
  const departures = new Map<number, MessageDraft>();
  const creator = parties[0] ?? 0;
  if (plan.type === 'GroupChat') {
    system(`${name(world, creator)} created the group`, plan.createdAt);
    for (const other of parties.slice(1)) {
      system(`${name(world, creator)} added ${name(world, other)}`, plan.createdAt);
    }
  }
  let last = creator;
  for (let i = 0; i < times.length; i++) {
    const at = times[i] ?? plan.createdAt;
    for (const m of plan.members) {
      if (m.leaveAt === i)
        departures.set(m.party, system(`${name(world, m.party)} left the chat`, at));
    }
    const fixed = plan.texts?.[i];
    const present = plan.members.filter((m) => m.leaveAt === null || m.leaveAt > i);
    // A member with unseen messages is away for the last of them: they write none of those.
    const away = new Set(
      plan.members.filter((m) => m.unseen > 0 && i >= times.length - m.unseen).map((m) => m.party),
    );
    const writers = present.filter((m) => !away.has(m.party));
    let from: number;
    if (fixed) from = fixed.from;
    else if (plan.type === 'OneOnOneChat') {
      from = rng.chance(0.6) ? (parties.find((p) => p !== last) ?? last) : last;
      if (away.has(from)) from = parties.find((p) => p !== from) ?? from;
    } else from = rng.pick(writers.length > 0 ? writers : present).party;
    last = from;
    const photo = !fixed && rng.chance(0.03);
    messages.push({
      id: 0,
      party: from,
      type: 'PartyChatMessage',
      content: photo ? null : (fixed?.text ?? rng.pick(CHAT_TEXTS)),
      photoId: photo ? rng.pick(world.photoIds) : null,
      at,
    });
  }
  for (const message of messages) message.id = ids.take('chat_messages');

  const newest = messages[messages.length - 1];
  await writer.add('chats', {
    id: chatId,
    type: plan.type,
    name: plan.name,
    pair_key: plan.type === 'OneOnOneChat' ? [...parties].sort((a, b) => a - b).join(':') : null,
    created_at: plan.createdAt,
    last_activity_at: newest?.at ?? plan.createdAt,
    last_activity_party_id: newest?.party ?? null,
    last_activity_summary: newest ? summary(world, newest) : null,
    last_chat_message_id: newest?.id ?? null,
  });
  for (const message of messages) {
    await writer.add('chat_messages', {
      id: message.id,
      chat_id: chatId,
      party_id: message.party,
      type: message.type,
      content: message.content,
      photo_id: message.photoId,
      client_id: null,
      created_at: message.at,
    });
  }
  for (const m of plan.members) {
    // The members' view: where they stopped reading (others' later messages are unseen).
    const leftMessage = departures.get(m.party);
    const visible = leftMessage ? messages.filter((x) => x.id <= leftMessage.id) : messages;
    const others = visible.filter((x) => x.party !== m.party);
    const unseenFrom = others[others.length - m.unseen];
    const seen = m.unseen > 0 && unseenFrom ? visible.filter((x) => x.id < unseenFrom.id) : visible;
    const readTo = seen[seen.length - 1];
    // Sending is reading: a member has seen everything up to their own last message, as the
    // server keeps it (D41), so no one has 'new' messages above their own 'Seen by' reply.
    const ownLast = visible.filter((x) => x.party === m.party).at(-1);
    const lastSeen = ownLast && (!readTo || ownLast.id > readTo.id) ? ownLast : readTo;
    // The kept count (D41): others' messages past the marker, for a member still in the chat.
    const unseenCount = leftMessage
      ? 0
      : others.filter((x) => x.type === 'PartyChatMessage' && x.id > (lastSeen?.id ?? 0)).length;
    const hidAt = m.hidden && newest ? Math.min(now, newest.at + rng.int(1, 96) * HOUR) : null;
    await writer.add('chat_parties', {
      id: ids.take('chat_parties'),
      chat_id: chatId,
      party_id: m.party,
      joined_at: plan.createdAt,
      left_at: leftMessage?.at ?? null,
      hid_at: hidAt,
      last_seen_chat_message_id: lastSeen?.id ?? null,
      unseen_count: unseenCount,
    });
  }
  return messages.length;
}

function personaChats(ctx: SeedContext): ChatPlan[] {
  const { world, now } = ctx;
  const rng = ctx.rng.fork('persona-chats');
  const m = must(world.personas.get('M'), 'persona M').id;
  const m2 = must(world.personas.get('M2'), 'persona M2').id;
  const w = must(world.personas.get('W'), 'persona W').id;
  const a = must(world.personas.get('A'), 'persona A').id;
  const l1 = must(world.clubsBySubdomain.get(DEMO_CLUBS.L1), 'lodge L1');
  const personaIds = new Set([m, m2, w, a]);
  const l1Others = rng.sample(
    l1.users.filter((p) => !personaIds.has(p)),
    8,
  );
  const pick = (i: number): number => l1Others[i % Math.max(1, l1Others.length)] ?? m2;
  const conversation = (
    from: number,
    to: number,
    count: number,
  ): { from: number; text: string }[] =>
    Array.from({ length: count }, (_, i) => ({
      from: i % 2 === 0 ? from : to,
      text: CHAT_TEXTS[i % CHAT_TEXTS.length] ?? 'Hello',
    }));
  return [
    {
      fixture: 'chat:m-m2',
      type: 'OneOnOneChat',
      name: null,
      // The last three messages are M2's and M has not seen them.
      members: [member(m, 3), member(m2)],
      createdAt: now - 90 * DAY,
      lastAt: now - 25 * MINUTE,
      messages: 30,
      texts: [
        ...conversation(m, m2, 27),
        { from: m2, text: 'Are you going to the centennial banquet?' },
        { from: m2, text: 'I can drive if you want a ride.' },
        { from: m2, text: 'Let me know by Friday.' },
      ],
    },
    {
      fixture: 'chat:m-w',
      type: 'OneOnOneChat',
      name: null,
      members: [member(w), member(m)],
      createdAt: now - 40 * DAY,
      lastAt: now - 2 * DAY,
      messages: 12,
      texts: conversation(w, m, 12),
    },
    {
      fixture: 'chat:m-a-hidden',
      type: 'OneOnOneChat',
      name: null,
      // Hidden by M: shows only with SHOW_HIDDEN_CHATS = YES.
      members: [member(a), member(m, 0, true)],
      createdAt: now - 120 * DAY,
      lastAt: now - 60 * DAY,
      messages: 6,
    },
    {
      fixture: 'chat:m-group',
      type: 'GroupChat',
      name: `${l1.name.replace(/ No\. \d+$/, '')} Fish Fry Crew`,
      members: [
        member(m2),
        member(m, 5),
        member(pick(0)),
        member(pick(1)),
        member(pick(2)),
        member(pick(3)),
      ],
      createdAt: now - 60 * DAY,
      lastAt: now - 2 * HOUR,
      messages: 40,
    },
    {
      fixture: 'chat:m-group-unnamed',
      type: 'GroupChat',
      name: null,
      members: [member(m), member(m2), member(pick(4)), member(pick(5))],
      createdAt: now - 20 * DAY,
      lastAt: now - 3 * DAY,
      messages: 8,
    },
    {
      fixture: 'chat:m2-left',
      type: 'GroupChat',
      name: 'Ritual Team',
      members: [member(pick(6)), member(m), member(m2, 0, false, 10), member(pick(7))],
      createdAt: now - 150 * DAY,
      lastAt: now - 10 * DAY,
      messages: 25,
    },
    {
      // A group with no name whose other members have all left: "New Group Chat".
      fixture: 'chat:m-alone',
      type: 'GroupChat',
      name: null,
      members: [member(m)],
      createdAt: now - 5 * DAY,
      lastAt: now - 5 * DAY,
      messages: 0,
    },
    ...l1Others.slice(0, 4).map((other, i): ChatPlan => ({
      type: 'OneOnOneChat',
      name: null,
      members: [member(other), member(m)],
      createdAt: now - (30 + i * 40) * DAY,
      lastAt: now - (1 + i * 9) * DAY,
      messages: 4 + i * 5,
    })),
  ];
}

export async function seedChats(ctx: SeedContext): Promise<void> {
  const { world, now } = ctx;
  const rng = ctx.rng.fork('chats');
  const personaIds = new Set([...world.personas.values()].map((p) => p.id));
  const pairs = new Set<string>();
  let messages = 0;
  let chats = 0;
  let reported = 0;
  const progress = (): void => {
    if (messages - reported >= 100_000) {
      reported = messages - (messages % 100_000);
      ctx.log(`chats: ${chats} chats, ${messages} messages so far`);
    }
  };

  for (const plan of personaChats(ctx)) {
    if (plan.type === 'OneOnOneChat') {
      pairs.add(
        plan.members
          .map((x) => x.party)
          .sort((a, b) => a - b)
          .join(':'),
      );
    }
    messages += await writeChat(ctx, rng, plan);
    chats++;
  }

  // Most people chat with fellow members of their own lodge.
  const lodgeUsers = [...world.clubs.values()]
    .filter((c) => c.level === 2 && c.users.length > 2)
    .map((c) => c.users);
  const partner = (party: number): number => {
    const own = world.members.get(party)?.clubs ?? [];
    const club = own.length && rng.chance(0.8) ? world.clubs.get(rng.pick(own)) : undefined;
    const pool = club && club.users.length > 1 ? club.users : world.users;
    return rng.pick(pool);
  };
  const timing = (): { createdAt: number; lastAt: number } => {
    const createdAt = now - rng.int(1, 400) * DAY - rng.int(0, 1439) * MINUTE;
    const lastAt = rng.chance(0.5)
      ? now - rng.int(5, 3 * 24 * 60) * MINUTE
      : createdAt + Math.floor(rng.next() * (now - createdAt));
    return { createdAt, lastAt: Math.max(createdAt, lastAt) };
  };

  const oneOnOne = Math.round(BASE_ONE_ON_ONE * ctx.scale);
  for (let i = 0; i < oneOnOne; i++) {
    let a = 0;
    let b = 0;
    for (let tries = 0; tries < 10; tries++) {
      a = rng.pick(world.users);
      b = partner(a);
      const key = [a, b].sort((x, y) => x - y).join(':');
      if (a !== b && !personaIds.has(a) && !personaIds.has(b) && !pairs.has(key)) {
        pairs.add(key);
        break;
      }
      a = 0;
    }
    if (a === 0) continue;
    messages += await writeChat(ctx, rng, {
      type: 'OneOnOneChat',
      name: null,
      members: [
        member(a, rng.chance(0.25) ? rng.int(1, 4) : 0, rng.chance(0.03)),
        member(b, rng.chance(0.25) ? rng.int(1, 4) : 0),
      ],
      ...timing(),
      messages: Math.max(1, rng.geometric(ONE_ON_ONE_MEAN, 400)),
    });
    chats++;
    progress();
  }

  const groups = Math.round(BASE_GROUPS * ctx.scale);
  for (let i = 0; i < groups; i++) {
    const pool = rng.pick(lodgeUsers).filter((p) => !personaIds.has(p));
    const size = Math.min(pool.length, rng.int(3, 8));
    if (size < 3) continue;
    const count = Math.max(size, rng.geometric(GROUP_MEAN, 600));
    const members = rng
      .sample(pool, size)
      .map((party, index) =>
        member(
          party,
          rng.chance(0.25) ? rng.int(1, 6) : 0,
          rng.chance(0.03),
          index > 0 && rng.chance(0.06) ? rng.int(1, count - 1) : null,
        ),
      );
    messages += await writeChat(ctx, rng, {
      type: 'GroupChat',
      name: rng.chance(0.85) ? rng.pick(GROUP_CHAT_NAMES) : null,
      members,
      ...timing(),
      messages: count,
    });
    chats++;
    progress();
  }
  ctx.log(`chats: ${chats} chats with ${messages} messages`);
}
