import type { Access, PostType } from '../schema.ts';
import {
  CLUB_POST_TEMPLATES,
  COMMENT_TEXTS,
  DEMO_PHOTO_COUNT,
  HIDDEN_COMMENT_TEXTS,
  PARTY_POST_TEXTS,
  REPLY_TEXTS,
  demoPhotoKey,
} from './content.ts';
import { DEMO_CLUBS } from './personas.ts';
import type { Random } from './random.ts';
import { DAY, HOUR, MINUTE, escapeHtml, fill, must, truncate } from './seed-context.ts';
import type { ClubInfo, SeedContext, World } from './seed-context.ts';

/*
 * Photos, posts (lodge and member posts, every access value) and their comment trees.
 * Posts are planned first and written oldest first, so that ids grow with created_at as they
 * do in real use; comments are drawn and written post by post, never all held at once.
 */

const BASE_CLUB_POSTS = 600;
const BASE_PARTY_POSTS = 300;
/** Extra posts on L1 and by M2 (whom M follows), so M's feed has well over 3 pages. */
const EXTRA_L1_POSTS = 25;
const EXTRA_M2_POSTS = 8;
const NOTICEABLE_SAMPLE = 3_000;
const MAX_DEPTH = 3;

export interface CommentPlan {
  author: number;
  text: string;
  hidden?: boolean;
  /** Minutes after the post. */
  after: number;
  replies?: CommentPlan[];
  fixture?: string;
}

interface PostPlan {
  createdAt: number;
  type: PostType;
  clubId: number | null;
  authorId: number;
  access: Access;
  subject: string | null;
  paragraphs: string[];
  list: readonly string[] | null;
  appeal: boolean;
  allowsComments: boolean;
  photoCount: number;
  comments: CommentPlan[] | null;
  fixture: string | null;
}

/** Keeps a fixed-size uniform sample of a stream. */
export function sampleInto<T>(rng: Random, list: T[], item: T, seen: number, cap: number): void {
  if (list.length < cap) list.push(item);
  else {
    const j = Math.floor(rng.next() * seen);
    if (j < cap) list[j] = item;
  }
}

export async function seedPhotos(ctx: SeedContext): Promise<void> {
  const rng = ctx.rng.fork('photos');
  for (let n = 1; n <= DEMO_PHOTO_COUNT; n++) {
    const id = ctx.ids.take('photos');
    const keys = demoPhotoKey(n);
    const landscape = rng.chance(0.7);
    await ctx.writer.add('photos', {
      id,
      storage_key: keys.key,
      medium_key: keys.medium,
      content_type: 'image/jpeg',
      file_name: `photo-${n}.jpg`,
      width: landscape ? 1600 : 1200,
      height: landscape ? 1200 : 1600,
      party_id: null,
      created_at: ctx.now - 400 * DAY,
    });
    ctx.world.photoIds.push(id);
  }
}

function photoCount(rng: Random, probability: number): number {
  if (!rng.chance(probability)) return 0;
  return rng.weighted([
    [1, 40],
    [2, 20],
    [3, 20],
    [4, 10],
    [5, 5],
    [6, 5],
  ]);
}

function postAge(rng: Random): number {
  // Denser in recent weeks, reaching back about ten months.
  return Math.round(300 * DAY * rng.next() ** 1.7) + 10 * MINUTE;
}

function clubPostPlan(rng: Random, world: World, club: ClubInfo, createdAt: number): PostPlan {
  const def = club.org.def;
  const template = rng.pick(CLUB_POST_TEMPLATES);
  const values = {
    lodge: club.name,
    city: club.town.city,
    members: def.memberWord,
    meeting: def.meetingWord,
  };
  const author = club.webmasters.length
    ? rng.pick(club.webmasters)
    : club.members.length
      ? rng.pick(club.members)
      : rng.pick(world.users);
  const subject = fill(template.subject, values);
  return {
    createdAt,
    type: 'ClubPost',
    clubId: club.id,
    authorId: author,
    access: rng.weighted<Access>([
      ['PUBLIC', 40],
      ['MEMBER', 40],
      ['CLUB', 20],
    ]),
    subject: subject.charAt(0).toUpperCase() + subject.slice(1),
    paragraphs: template.paragraphs.map((p) => fill(p, values)),
    list: template.list ?? null,
    appeal: template.appeal === true,
    allowsComments: rng.chance(0.9),
    photoCount: photoCount(rng, 0.25),
    comments: null,
    fixture: null,
  };
}

function partyPostPlan(
  rng: Random,
  world: World,
  authorId: number,
  createdAt: number,
  text?: string,
): PostPlan {
  const author = world.members.get(authorId);
  const lodges = (author?.clubs ?? []).filter((id) => world.clubs.get(id)?.level === 2);
  const toLodge = lodges.length > 0 && rng.chance(0.4);
  return {
    createdAt,
    type: 'PartyPost',
    clubId: toLodge ? rng.pick(lodges) : null,
    authorId,
    access: toLodge ? 'CLUB' : 'ALL_FOLLOWERS',
    subject: null,
    paragraphs: [text ?? rng.pick(PARTY_POST_TEXTS)],
    list: null,
    appeal: false,
    allowsComments: rng.chance(0.95),
    photoCount: photoCount(rng, 0.15),
    comments: null,
    fixture: null,
  };
}

/** The posts the checklist's persona checks rely on (PERM-10..12, POST, CMT, PHOTO). */
function personaPlans(rng: Random, ctx: SeedContext): PostPlan[] {
  const { world, now } = ctx;
  const m = must(world.personas.get('M'), 'persona M').id;
  const m2 = must(world.personas.get('M2'), 'persona M2').id;
  const w = must(world.personas.get('W'), 'persona W').id;
  const l1 = must(world.clubsBySubdomain.get(DEMO_CLUBS.L1), 'lodge L1');
  const l2 = must(world.clubsBySubdomain.get(DEMO_CLUBS.L2), 'lodge L2');
  const l1Webmaster = must(l1.webmasters[0], 'a webmaster of L1');
  const others = l1.users.filter((id) => !world.members.get(id)?.persona);
  const other = (): number => (others.length ? rng.pick(others) : l1Webmaster);
  const plans: PostPlan[] = [];
  const base = {
    list: null,
    appeal: false,
    allowsComments: true,
    photoCount: 0,
    comments: [],
  };
  plans.push({
    ...base,
    fixture: 'post:l1-centennial',
    createdAt: now - 2 * DAY - 3 * HOUR,
    type: 'ClubPost',
    clubId: l1.id,
    authorId: l1Webmaster,
    access: 'CLUB',
    subject: `${l1.name} centennial banquet`,
    paragraphs: [
      `${l1.name} turns one hundred this year, and we will celebrate with a banquet in the lodge hall. Past Masters, widows and families are our honoured guests.`,
      'Tickets are $35 and include dinner. Gifts to the centennial fund restore our historic lodge room; use the Donate Now link if you would like to help.',
    ],
    appeal: true,
    photoCount: 3,
    comments: [
      {
        author: m,
        text: 'Count me in! I can help with parking that evening.',
        after: 90,
        fixture: 'comment:m-with-reply',
        replies: [
          {
            author: m2,
            text: 'Thanks, Dan, I will put you down.',
            after: 150,
            fixture: 'comment:m2-reply',
          },
        ],
      },
      { author: m2, text: 'My wife and I will both be there.', after: 200, fixture: 'comment:m2' },
      { author: other(), text: HIDDEN_COMMENT_TEXTS[0] ?? 'spam', after: 300, hidden: true },
      {
        author: m,
        text: 'Is there a sign-up sheet for the kitchen?',
        after: 420,
        fixture: 'comment:m-alone',
      },
    ],
  });
  plans.push({
    ...base,
    fixture: 'post:m-followers',
    createdAt: now - 1 * DAY - 5 * HOUR,
    type: 'PartyPost',
    clubId: null,
    authorId: m,
    access: 'ALL_FOLLOWERS',
    subject: null,
    paragraphs: [
      'Thank you to everyone who came out to help paint the dining room on Saturday. It looks wonderful.',
    ],
    comments: [
      {
        author: m2,
        text: 'Happy to help. Same time next year?',
        after: 45,
        fixture: 'comment:on-m-post',
      },
    ],
  });
  plans.push({
    ...base,
    fixture: 'post:m-lodge',
    createdAt: now - 5 * DAY,
    type: 'PartyPost',
    clubId: l1.id,
    authorId: m,
    access: 'CLUB',
    subject: null,
    paragraphs: [
      'Does anyone have a spare folding table we could borrow for the centennial? We are two short.',
    ],
    comments: [],
  });
  plans.push({
    ...base,
    fixture: 'post:w-open-house',
    createdAt: now - 3 * HOUR,
    type: 'ClubPost',
    clubId: l2.id,
    authorId: w,
    access: 'PUBLIC',
    subject: 'Open house this Saturday',
    paragraphs: [
      `${l2.name} opens its doors to the public this Saturday from 10:00 AM to 2:00 PM. Tour the lodge room, meet our members and learn about our charities.`,
    ],
    list: ['Tours every half hour', 'Coffee and cookies', 'Free blood pressure checks'],
    photoCount: 5,
    comments: [{ author: m2, text: 'Looking forward to it.', after: 30 }],
  });
  plans.push({
    ...base,
    fixture: 'post:w-members-only',
    createdAt: now - 4 * DAY,
    type: 'ClubPost',
    clubId: l2.id,
    authorId: w,
    access: 'CLUB',
    subject: 'Officers: rehearsal schedule',
    paragraphs: [
      'Officers, rehearsal for the open house ritual demonstration is Thursday at 7:00 PM.',
    ],
  });
  plans.push({
    ...base,
    fixture: 'post:l1-no-comments',
    createdAt: now - 8 * DAY,
    type: 'ClubPost',
    clubId: l1.id,
    authorId: l1Webmaster,
    access: 'MEMBER',
    subject: 'Lodge hall closed for floor refinishing',
    paragraphs: [
      'The hall will be closed for two weeks while the floors are refinished. Committee meetings will move to the library.',
    ],
    allowsComments: false,
  });
  plans.push({
    ...base,
    fixture: 'post:m2-followers',
    createdAt: now - 6 * HOUR,
    type: 'PartyPost',
    clubId: null,
    authorId: m2,
    access: 'ALL_FOLLOWERS',
    subject: null,
    paragraphs: [
      'Back from a wonderful week in Sarasota. Visited a lodge there and was made very welcome.',
    ],
    photoCount: 2,
  });
  return plans;
}

export async function seedPosts(ctx: SeedContext): Promise<void> {
  const { world, writer, ids, now } = ctx;
  const rng = ctx.rng.fork('posts');
  const lodges: ClubInfo[] = [];
  const groups: ClubInfo[] = [];
  for (const club of world.clubs.values()) (club.level === 2 ? lodges : groups).push(club);
  const weightedLodges = lodges.map((c) => [c, c.weight] as const);
  const plans: PostPlan[] = [];

  const clubPosts = Math.round(BASE_CLUB_POSTS * ctx.scale);
  for (let i = 0; i < clubPosts; i++) {
    const club = rng.chance(0.92) ? rng.weighted(weightedLodges) : rng.pick(groups);
    plans.push(clubPostPlan(rng, world, club, now - postAge(rng)));
  }
  const partyPosts = Math.round(BASE_PARTY_POSTS * ctx.scale);
  for (let i = 0; i < partyPosts; i++) {
    plans.push(partyPostPlan(rng, world, rng.pick(world.users), now - postAge(rng)));
  }
  const l1 = must(world.clubsBySubdomain.get(DEMO_CLUBS.L1), 'lodge L1');
  for (let i = 0; i < EXTRA_L1_POSTS; i++) {
    plans.push(clubPostPlan(rng, world, l1, now - postAge(rng)));
  }
  const m2 = must(world.personas.get('M2'), 'persona M2').id;
  for (let i = 0; i < EXTRA_M2_POSTS; i++) {
    plans.push(partyPostPlan(rng, world, m2, now - postAge(rng)));
  }
  plans.push(...personaPlans(rng, ctx));
  plans.sort((a, b) => a.createdAt - b.createdAt);

  let comments = 0;
  let seen = 0;
  let seenComments = 0;
  const commentRng = ctx.rng.fork('comments');
  for (const plan of plans) {
    const postId = ids.take('posts');
    const bodyId = ids.take('post_bodies');
    const containerId = ids.take('comment_containers');
    if (plan.fixture) world.fixtures.set(plan.fixture, postId);

    const tree =
      plan.comments ?? (plan.allowsComments ? drawComments(commentRng, world, plan, now) : []);
    const flat = flatten(tree);
    const lastComment = flat.length ? Math.max(...flat.map((c) => c.after)) : 0;
    const lastActivity = Math.min(now, plan.createdAt + lastComment * MINUTE);

    const html = [
      ...plan.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
      plan.list ? `<ul>${plan.list.map((li) => `<li>${escapeHtml(li)}</li>`).join('')}</ul>` : '',
    ].join('');
    await writer.add('post_bodies', { id: bodyId, body: html });
    await writer.add('comment_containers', {
      id: containerId,
      comment_count: flat.length,
      created_at: plan.createdAt,
    });
    await writer.add('posts', {
      id: postId,
      type: plan.type,
      club_id: plan.clubId,
      party_id: plan.authorId,
      subject: plan.subject,
      short_body: truncate(plan.paragraphs.join(' '), 200),
      post_body_id: bodyId,
      access: plan.access,
      allows_comments: plan.allowsComments ? 1 : 0,
      comment_container_id: containerId,
      appeal_post_task_token_url: plan.appeal
        ? `https://pay.example.org/appeals/${rng.hex(24)}`
        : null,
      created_at: plan.createdAt,
      updated_at: plan.createdAt,
      last_activity_at: lastActivity,
    });
    const photos = rng.sample(world.photoIds, plan.photoCount);
    for (const [index, photoId] of photos.entries()) {
      await writer.add('post_photos', {
        id: ids.take('post_photos'),
        post_id: postId,
        photo_id: photoId,
        sort_order: index + 1,
      });
    }
    const subject = plan.subject ?? truncate(plan.paragraphs[0] ?? '', 40);
    seen++;
    sampleInto(rng, world.noticeables.posts, { id: postId, subject }, seen, NOTICEABLE_SAMPLE);

    const written = await writeComments(ctx, tree, containerId, plan.createdAt);
    for (const commentId of written) {
      seenComments++;
      sampleInto(
        rng,
        world.noticeables.comments,
        { id: commentId, postId, subject },
        seenComments,
        NOTICEABLE_SAMPLE,
      );
    }
    comments += flat.length;
  }
  ctx.log(`posts: ${plans.length} posts with ${comments} comments`);
}

function flatten(tree: readonly CommentPlan[]): CommentPlan[] {
  return tree.flatMap((c) => [c, ...flatten(c.replies ?? [])]);
}

/** A comment tree in the style of a lodge's post: a few remarks, some answered, rarely hidden. */
export function drawComments(
  rng: Random,
  world: World,
  plan: { createdAt: number; clubId: number | null },
  now: number,
  mean = 3,
  max = 25,
): CommentPlan[] {
  const count = rng.geometric(mean, max);
  if (count === 0) return [];
  const club = plan.clubId === null ? undefined : world.clubs.get(plan.clubId);
  const pool = club && club.users.length > 1 && rng.chance(0.8) ? club.users : world.users;
  // Minutes between the post and now, over which the comments spread.
  const span = Math.max(10, Math.floor((now - plan.createdAt) / MINUTE));
  const roots: CommentPlan[] = [];
  const all: { plan: CommentPlan; depth: number }[] = [];
  let after = 0;
  for (let i = 0; i < count; i++) {
    after += 1 + Math.floor(rng.next() * Math.max(1, (span / (count + 1)) * 1.5));
    if (after > span) after = span;
    const parent = all.length && rng.chance(0.4) ? rng.pick(all) : null;
    const reply = parent !== null && parent.depth < MAX_DEPTH;
    const hidden = rng.chance(0.04);
    const comment: CommentPlan = {
      author: rng.pick(pool),
      text: hidden
        ? rng.pick(HIDDEN_COMMENT_TEXTS)
        : reply
          ? rng.pick(REPLY_TEXTS)
          : rng.pick(COMMENT_TEXTS),
      hidden,
      after,
    };
    if (reply) (parent.plan.replies ??= []).push(comment);
    else roots.push(comment);
    all.push({ plan: comment, depth: reply ? parent.depth + 1 : 1 });
  }
  return roots;
}

/** Writes a tree in time order, parents before replies; returns the new ids. */
export async function writeComments(
  ctx: SeedContext,
  tree: readonly CommentPlan[],
  containerId: number,
  start: number,
): Promise<number[]> {
  const ordered: { plan: CommentPlan; parent: CommentPlan | null }[] = [];
  const walk = (nodes: readonly CommentPlan[], parent: CommentPlan | null): void => {
    for (const plan of nodes) {
      ordered.push({ plan, parent });
      walk(plan.replies ?? [], plan);
    }
  };
  walk(tree, null);
  // A reply is always later than its parent, so time order puts parents first.
  ordered.sort((a, b) => a.plan.after - b.plan.after);
  const idOf = new Map<CommentPlan, number>();
  const written: number[] = [];
  for (const { plan, parent } of ordered) {
    const id = ctx.ids.take('comments');
    idOf.set(plan, id);
    if (plan.fixture) ctx.world.fixtures.set(plan.fixture, id);
    const at = Math.min(ctx.now, start + plan.after * MINUTE);
    await ctx.writer.add('comments', {
      id,
      comment_container_id: containerId,
      parent_id: parent ? (idOf.get(parent) ?? null) : null,
      party_id: plan.author,
      body: plan.text,
      is_hidden: plan.hidden ? 1 : 0,
      created_at: at,
      updated_at: at,
    });
    written.push(id);
  }
  return written;
}
