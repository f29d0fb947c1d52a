import { DEMO_CLUBS } from './personas.ts';
import type { Random } from './random.ts';
import { DAY, HOUR, MINUTE, escapeHtml, must } from './seed-context.ts';
import type { MemberInfo, SeedContext, World } from './seed-context.ts';
import { utcDateOf } from '../../../common/event-time.ts';

/*
 * What belongs to one member: favourite members and lodges, recent contacts, preferences,
 * notices, dues with arrears, and saved cards. The personas get fixed sets so the checklist's
 * checks have known answers (M has unread notices, arrears and a card; M2 owes nothing).
 */

const RECENT_TYPES = ['cell', 'home', 'chat', 'CellPhone', 'HomePhone', 'OfficePhone', 'email'];

function userIdOf(world: World, party: number): number {
  return must(world.members.get(party)?.userId, `a user account for party ${party}`);
}

function neighbours(rng: Random, world: World, member: MemberInfo): number {
  const club =
    member.clubs.length && rng.chance(0.8) ? world.clubs.get(rng.pick(member.clubs)) : undefined;
  const pool = club && club.members.length > 1 ? club.members : world.users;
  return rng.pick(pool);
}

async function favouritesAndRecents(ctx: SeedContext): Promise<void> {
  const { world, writer, ids, now } = ctx;
  const rng = ctx.rng.fork('favourites');
  const m = must(world.personas.get('M'), 'persona M');
  const m2 = must(world.personas.get('M2'), 'persona M2');
  const w = must(world.personas.get('W'), 'persona W');
  const l1 = must(world.clubsBySubdomain.get(DEMO_CLUBS.L1), 'lodge L1');
  const l1Others = l1.users.filter((p) => !world.members.get(p)?.persona);

  const fixedFavourites = new Map<number, number[]>([
    [m.id, [m2.id, w.id, ...l1Others.slice(0, 3)]],
    [m2.id, [m.id, ...l1Others.slice(3, 5)]],
  ]);
  const fixedClubs = new Map<number, string[]>([
    [m.id, ['amity5', 'westernreserve507']],
    [m2.id, [DEMO_CLUBS.L2]],
  ]);
  const fixedRecents = new Map<number, { party: number; type: string; ago: number }[]>([
    [
      m.id,
      [
        { party: m2.id, type: 'chat', ago: 25 * MINUTE },
        { party: w.id, type: 'CellPhone', ago: 2 * DAY },
        ...l1Others.slice(0, 4).map((party, i) => ({
          party,
          type: RECENT_TYPES[i % RECENT_TYPES.length] ?? 'cell',
          ago: (3 + i * 6) * DAY + i * HOUR,
        })),
      ],
    ],
  ]);

  let favourites = 0;
  for (const party of world.users) {
    const member = must(world.members.get(party), `member ${party}`);
    const userId = userIdOf(world, party);

    const chosen = new Set<number>(fixedFavourites.get(party) ?? []);
    if (!fixedFavourites.has(party)) {
      const count = rng.geometric(2.5, 20);
      for (let i = 0; i < count; i++) {
        const other = neighbours(rng, world, member);
        if (other !== party) chosen.add(other);
      }
    }
    for (const other of chosen) {
      await writer.add('user_favorite_contacts', {
        id: ids.take('user_favorite_contacts'),
        user_id: userId,
        party_id: other,
        created_at: now - rng.int(1, 500) * DAY,
      });
      favourites++;
    }

    // Members follow their own lodges already; favourites are other lodges.
    const clubIds = new Set<number>();
    const fixedSubdomains = fixedClubs.get(party);
    if (fixedSubdomains) {
      for (const subdomain of fixedSubdomains) {
        const club = world.clubsBySubdomain.get(subdomain);
        if (club) clubIds.add(club.id);
      }
    } else if (rng.chance(0.35)) {
      const org = world.clubs.get(member.clubs[0] ?? 0)?.org;
      const lodges = (org?.lodges ?? []).filter((c) => !member.clubs.includes(c.id));
      for (const club of rng.sample(lodges, rng.int(1, 3))) clubIds.add(club.id);
    }
    for (const clubId of clubIds) {
      await writer.add('favorite_clubs', {
        id: ids.take('favorite_clubs'),
        user_id: userId,
        club_id: clubId,
        created_at: now - rng.int(1, 500) * DAY,
      });
    }

    const recents = fixedRecents.get(party) ?? [];
    if (!fixedRecents.has(party) && rng.chance(0.4)) {
      const seen = new Set<number>();
      const count = rng.int(1, 8);
      for (let i = 0; i < count; i++) {
        const other = neighbours(rng, world, member);
        if (other === party || seen.has(other)) continue;
        seen.add(other);
        recents.push({
          party: other,
          type: rng.pick(RECENT_TYPES),
          ago: rng.int(10, 90 * 24 * 60) * MINUTE,
        });
      }
    }
    for (const recent of recents) {
      await writer.add('user_recent_contacts', {
        id: ids.take('user_recent_contacts'),
        user_id: userId,
        party_id: recent.party,
        contact_type: recent.type,
        contacted_at: now - recent.ago,
      });
    }

    const showHidden =
      party === m2.id ? 'YES' : party !== m.id && rng.chance(0.1) ? rng.pick(['YES', 'NO']) : null;
    if (showHidden) {
      await writer.add('party_preferences', {
        id: ids.take('party_preferences'),
        party_id: party,
        code: 'SHOW_HIDDEN_CHATS',
        value: showHidden,
        updated_at: now - rng.int(1, 200) * DAY,
      });
    }
  }
  ctx.log(`favourites: ${favourites} favourite members`);
}

interface NoticeDraft {
  message: string;
  isRead: boolean;
  at: number;
  type: string | null;
  id: number | null;
  parentType: string | null;
  parentId: number | null;
}

function noticeFor(rng: Random, ctx: SeedContext, year: number): NoticeDraft {
  const { world, now } = ctx;
  const at = now - rng.int(5, 60 * 24 * 60) * MINUTE;
  const isRead = rng.chance(0.6);
  const kind = rng.weighted([
    ['Post', 35],
    ['CalendarEvent', 30],
    ['Comment', 25],
    ['DuesReminder', 10],
  ]);
  if (kind === 'Post' && world.noticeables.posts.length) {
    const post = rng.pick(world.noticeables.posts);
    return {
      message: `New post: <i>${escapeHtml(post.subject)}</i>`,
      isRead,
      at,
      type: 'Post',
      id: post.id,
      parentType: null,
      parentId: null,
    };
  }
  if (kind === 'CalendarEvent' && world.noticeables.events.length) {
    const event = rng.pick(world.noticeables.events);
    return {
      message: `<b>${escapeHtml(event.name)}</b> has been announced. Will you attend?`,
      isRead,
      at,
      type: 'CalendarEvent',
      id: event.id,
      parentType: null,
      parentId: null,
    };
  }
  if (kind === 'Comment' && world.noticeables.comments.length) {
    const comment = rng.pick(world.noticeables.comments);
    return {
      message: `New comment on <i>${escapeHtml(comment.subject)}</i>`,
      isRead,
      at,
      type: 'Comment',
      id: comment.id,
      parentType: 'Post',
      parentId: comment.postId,
    };
  }
  return {
    message: `Your ${year} dues are now payable. Thank you for your support.`,
    isRead,
    at,
    type: 'DuesReminder',
    id: null,
    parentType: null,
    parentId: null,
  };
}

async function notices(ctx: SeedContext): Promise<void> {
  const { world, writer, ids, now } = ctx;
  const rng = ctx.rng.fork('notices');
  const year = Number(utcDateOf(now).slice(0, 4));
  const m = must(world.personas.get('M'), 'persona M');
  const m2 = must(world.personas.get('M2'), 'persona M2');
  const fixture = (key: string): number => must(world.fixtures.get(key), `fixture ${key}`);
  const l1 = must(world.clubsBySubdomain.get(DEMO_CLUBS.L1), 'lodge L1');

  const forM: NoticeDraft[] = [
    {
      message: `<b>${escapeHtml(l1.name)}</b> posted <i>${escapeHtml(l1.name)} centennial banquet</i>`,
      isRead: false,
      at: now - 2 * DAY - 3 * HOUR,
      type: 'Post',
      id: fixture('post:l1-centennial'),
      parentType: null,
      parentId: null,
    },
    {
      message: `<b>${escapeHtml(m2.displayName)}</b> replied to your comment on <i>${escapeHtml(l1.name)} centennial banquet</i>`,
      isRead: false,
      at: now - 2 * DAY + 150 * MINUTE - 3 * HOUR,
      type: 'Comment',
      id: fixture('comment:m2-reply'),
      parentType: 'Post',
      parentId: fixture('post:l1-centennial'),
    },
    {
      message: `<b>${escapeHtml(m2.displayName)}</b> commented on your post`,
      isRead: false,
      at: now - 1 * DAY - 4 * HOUR,
      type: 'Comment',
      id: fixture('comment:on-m-post'),
      parentType: 'Post',
      parentId: fixture('post:m-followers'),
    },
    {
      message: `<b>Centennial Banquet</b> has been announced. Will you attend?`,
      isRead: false,
      at: now - 6 * HOUR,
      type: 'CalendarEvent',
      id: fixture('event:l1-banquet'),
      parentType: null,
      parentId: null,
    },
    {
      message: `Your ${year} dues to <b>${escapeHtml(l1.name)}</b> are now payable.`,
      isRead: false,
      at: now - 9 * DAY,
      type: 'DuesReminder',
      id: null,
      parentType: null,
      parentId: null,
    },
    {
      message: `<b>Family Picnic</b> has been announced. Will you attend?`,
      isRead: true,
      at: now - 50 * DAY,
      type: 'CalendarEvent',
      id: fixture('event:l1-past-picnic'),
      parentType: null,
      parentId: null,
    },
  ];
  for (let i = 0; i < 8; i++) forM.push({ ...noticeFor(rng, ctx, year), isRead: true });

  let count = 0;
  for (const party of world.users) {
    const drafts =
      party === m.id
        ? forM
        : Array.from({ length: rng.geometric(4, 30) }, () => noticeFor(rng, ctx, year));
    drafts.sort((a, b) => a.at - b.at);
    for (const n of drafts) {
      await writer.add('notices', {
        id: ids.take('notices'),
        party_id: party,
        message: n.message,
        is_read: n.isRead ? 1 : 0,
        last_set_at: n.at,
        noticeable_type: n.type,
        noticeable_id: n.id,
        parent_noticeable_type: n.parentType,
        parent_noticeable_id: n.parentId,
        created_at: n.at,
      });
      count++;
    }
  }
  ctx.log(`notices: ${count}`);
}

async function dues(ctx: SeedContext): Promise<void> {
  const { world, writer, ids, now } = ctx;
  const rng = ctx.rng.fork('dues');
  const year = Number(utcDateOf(now).slice(0, 4));
  const fixedUnpaid = new Map<number, number[]>();
  for (const persona of world.personas.values()) {
    fixedUnpaid.set(
      persona.id,
      persona.persona === 'M' ? [year - 1, year] : persona.persona === 'W' ? [year] : [],
    );
  }
  let rows = 0;
  for (const member of world.members.values()) {
    for (const clubId of member.clubs) {
      const club = world.clubs.get(clubId);
      if (!club || club.level !== 2) continue;
      const standing = member.standings.find((s) => s.org === club.org.def.key);
      if (!standing || standing.status === 'demitted' || standing.status === 'deceased') continue;
      const fixed = fixedUnpaid.get(member.id);
      for (const y of [year - 2, year - 1, year]) {
        const paid = fixed
          ? !fixed.includes(y)
          : standing.status === 'suspended'
            ? false
            : rng.chance(y === year ? 0.55 : y === year - 1 ? 0.9 : 0.95);
        const start = Date.UTC(y, 0, 1);
        const paidAt = paid
          ? Math.min(now - HOUR, start + rng.int(0, 80) * DAY + rng.int(8, 20) * HOUR)
          : null;
        await writer.add('dues', {
          id: ids.take('dues'),
          club_id: club.id,
          party_id: member.id,
          year: y,
          amount_cents: club.duesCents,
          paid_at: paidAt,
          created_at: Math.min(now, start),
        });
        rows++;
      }
    }
  }
  ctx.log(`dues: ${rows} yearly dues`);
}

async function cards(ctx: SeedContext): Promise<void> {
  const { world, writer, ids, now } = ctx;
  const rng = ctx.rng.fork('cards');
  const year = Number(utcDateOf(now).slice(0, 4));
  const m = must(world.personas.get('M'), 'persona M');
  for (const party of world.users) {
    const member = must(world.members.get(party), `member ${party}`);
    const isM = party === m.id;
    if (!isM && (member.persona || !rng.chance(0.15))) continue;
    const last4 = isM ? '4242' : rng.digits(4);
    const expires = isM
      ? `08/${year + 3}`
      : `${String(rng.int(1, 12)).padStart(2, '0')}/${year + rng.int(0, 5)}`;
    const nameOnCard = [member.firstName, member.middleName?.[0], member.lastName]
      .filter(Boolean)
      .join(' ');
    await writer.add('payment_credentials', {
      id: ids.take('payment_credentials'),
      party_id: party,
      name: nameOnCard,
      email_address: member.email ?? `${party}@example.com`,
      card_number: `XXXX-XXXX-XXXX-${last4}`,
      expires,
      brand: 'Visa',
      provider_token: `demo_tok_${rng.hex(24)}`,
      added_at: now - rng.int(10, 700) * DAY,
    });
  }
}

export async function seedPersonal(ctx: SeedContext): Promise<void> {
  await favouritesAndRecents(ctx);
  await notices(ctx);
  await dues(ctx);
  await cards(ctx);
}
