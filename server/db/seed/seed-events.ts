import { toRrule, type WeekOfMonth } from '../../../common/recurrence.ts';
import {
  addDays,
  formatDate,
  type CalendarDate,
  localDateOf,
  weekdayOf,
  zonedTimeToInstant,
} from '../../../common/event-time.ts';
import type { Access, AttendeeStatus } from '../schema.ts';
import {
  EVENT_LOCATIONS,
  GROUP_EVENT_TEMPLATES,
  LODGE_EVENT_TEMPLATES,
  TOP_EVENT_TEMPLATES,
} from './content.ts';
import type { EventTemplate } from './content.ts';
import { DEMO_CLUBS } from './personas.ts';
import type { Random } from './random.ts';
import { DAY, HOUR, MINUTE, escapeHtml, must } from './seed-context.ts';
import type { ClubInfo, SeedContext } from './seed-context.ts';
import { drawComments, sampleInto, writeComments } from './seed-posts.ts';
import type { CommentPlan } from './seed-posts.ts';

/*
 * Calendar events: each lodge's regular meetings from about ten weeks back to fifteen weeks
 * ahead, a few special events per club, district and grand-body events, so that My Events,
 * Nearby Events and Other Events all have past and future entries; with RSVPs and comments.
 * Events are placed in local time in the club's zone and stored as UTC instants.
 */

const PAST_DAYS = 75;
const FUTURE_DAYS = 110;

interface Rsvp {
  party: number;
  status: AttendeeStatus;
  guests: number;
}

interface EventPlan {
  club: ClubInfo;
  name: string;
  description: string;
  location: string;
  date: string;
  minutes: number;
  duration: number;
  access: Access;
  announced: boolean | null;
  allowsComments: boolean;
  comments: CommentPlan[] | null;
  rsvps: Rsvp[];
  photoCount: number;
  fixture: string | null;
  /** A meeting of a series (D80): the key of its series in the plan's `SeriesPlan`s. */
  series?: string;
}

/** A lodge's stated meeting as a series: one per week of the month it meets on. */
interface SeriesPlan {
  key: string;
  club: ClubInfo;
  name: string;
  description: string;
  location: string;
  access: Access;
  allowsComments: boolean;
  rrule: string;
  startDate: string;
  minutes: number;
  duration: number;
  /** The instant after the last meeting written: the sweep adds the later ones. */
  materializedUntil: number;
}

/** A Masonic lodge is dark in July and August; the other orders meet all year. */
function darkMonthsOf(club: ClubInfo): number[] {
  return club.org.def.key === 'masons' ? [7, 8] : [];
}

/** The date of the nth (1-based) given weekday of a month, or null when the month has none. */
export function nthWeekdayOfMonth(
  year: number,
  month: number,
  weekday: number,
  n: number,
): string | null {
  const first = formatDate(year, month, 1);
  const day = 1 + ((weekday - weekdayOf(first) + 7) % 7) + (n - 1) * 7;
  const date = addDays(first, day - 1);
  return Number(date.slice(5, 7)) === month ? date : null;
}

/**
 * The last and the next night the US clocks change around `today` (first Sunday of November,
 * second Sunday of March), so the calendar always has events across a daylight-saving change,
 * one past and one upcoming.
 */
function daylightSavingNights(club: ClubInfo, today: string): string[] {
  const year = Number(today.slice(0, 4));
  const nights: string[] = [];
  for (let y = year - 1; y <= year + 1; y++) {
    nights.push(must(nthWeekdayOfMonth(y, 3, 0, 2), 'March'));
    nights.push(must(nthWeekdayOfMonth(y, 11, 0, 1), 'November'));
  }
  nights.sort();
  const last = nights.filter((night) => night < today).at(-1);
  const next = nights.find((night) => night > today);
  // Arizona and Hawaii keep one clock all year; their lodges get no such night.
  if (club.town.timeZoneId === 6 || club.town.timeZoneId === 7) return [];
  return [last, next].filter((night): night is string => night !== undefined);
}

function nextSaturday(date: string): string {
  return addDays(date, (6 - weekdayOf(date) + 7) % 7);
}

function special(
  rng: Random,
  club: ClubInfo,
  template: EventTemplate,
  date: string,
  access: Access,
): EventPlan {
  return {
    club,
    name: template.name,
    description: template.description,
    location: rng.pick(EVENT_LOCATIONS),
    date: template.weekend ? nextSaturday(date) : date,
    minutes: template.start,
    duration: template.minutes,
    access,
    announced: null,
    allowsComments: rng.chance(0.85),
    comments: null,
    rsvps: [],
    photoCount: 0,
    fixture: null,
  };
}

function meetings(rng: Random, club: ClubInfo, today: string, series: SeriesPlan[]): EventPlan[] {
  const schedule = club.schedule;
  if (!schedule) return [];
  const dark = darkMonthsOf(club);
  const from = addDays(today, -PAST_DAYS);
  const to = addDays(today, FUTURE_DAYS);
  const access: Access =
    club.subdomain === DEMO_CLUBS.L1 ? 'MEMBER' : rng.chance(0.4) ? 'CLUB' : 'MEMBER';
  const word = club.org.def.meetingWord;
  const plans: EventPlan[] = [];
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7));
  for (let i = 0; i < 9; i++) {
    for (const week of schedule.weeks) {
      const date = nthWeekdayOfMonth(year, month, schedule.weekday, week);
      if (date && date >= from && date <= to && !dark.includes(month)) {
        plans.push({
          series: `${club.id}:${week}`,
          club,
          name: word,
          description: `Regular ${word.toLowerCase()} of ${club.name}. Dinner is served an hour before. All members in good standing are welcome.`,
          location: 'Lodge room',
          date,
          minutes: schedule.minutes,
          duration: 150,
          access,
          announced: null,
          allowsComments: rng.chance(0.8),
          comments: null,
          rsvps: [],
          photoCount: 0,
          fixture: null,
        });
      }
    }
    month++;
    if (month > 12) {
      month = 1;
      year++;
    }
  }
  // Each week of the month the lodge meets on is a series starting at its first meeting here.
  for (const week of schedule.weeks) {
    const first = plans.find((plan) => plan.series === `${club.id}:${week}`);
    if (!first) continue;
    const startDate = parseIsoDate(first.date);
    series.push({
      key: `${club.id}:${week}`,
      club,
      name: word,
      description: first.description,
      location: first.location,
      access,
      allowsComments: first.allowsComments,
      rrule: toRrule(
        {
          frequency: 'monthly_by_weekday',
          interval: 1,
          week_of_month: week as WeekOfMonth,
          skip_months: dark,
          ends: { kind: 'never' },
        },
        startDate,
      ),
      startDate: first.date,
      minutes: schedule.minutes,
      duration: 150,
      materializedUntil: zonedTimeToInstant(addDays(to, 1), 0, club.town.timeZoneId),
    });
  }
  return plans;
}

function parseIsoDate(date: string): CalendarDate {
  return {
    year: Number(date.slice(0, 4)),
    month: Number(date.slice(5, 7)),
    day: Number(date.slice(8, 10)),
  };
}

function personaEvents(ctx: SeedContext): EventPlan[] {
  const { world, now } = ctx;
  const rng = ctx.rng.fork('persona-events');
  const m = must(world.personas.get('M'), 'persona M').id;
  const m2 = must(world.personas.get('M2'), 'persona M2').id;
  const l1 = must(world.clubsBySubdomain.get(DEMO_CLUBS.L1), 'lodge L1');
  const l2 = must(world.clubsBySubdomain.get(DEMO_CLUBS.L2), 'lodge L2');
  const today1 = localDateOf(now, l1.town.timeZoneId);
  const today2 = localDateOf(now, l2.town.timeZoneId);
  const base = {
    location: 'Lodge hall',
    announced: true,
    allowsComments: true,
    comments: [],
    rsvps: [],
    photoCount: 0,
  };
  return [
    {
      ...base,
      fixture: 'event:l1-banquet',
      club: l1,
      name: 'Centennial Banquet',
      description: `One hundred years of ${l1.name}. Dinner, a short history of the lodge and music. Families welcome.`,
      date: nextSaturday(addDays(today1, 12)),
      minutes: 18 * 60,
      duration: 240,
      access: 'PUBLIC',
      comments: [
        { author: m2, text: 'We will be there. Can we bring our grandson?', after: 60 },
        { author: m, text: 'Looking forward to it.', after: 240 },
      ],
      rsvps: [
        { party: m, status: 'YES', guests: 2 },
        { party: m2, status: 'YES', guests: 1 },
      ],
    },
    {
      ...base,
      fixture: 'event:l1-past-picnic',
      club: l1,
      name: 'Family Picnic',
      description: 'Burgers and hot dogs provided. Bring a side dish to share.',
      date: nextSaturday(addDays(today1, -40)),
      minutes: 12 * 60,
      duration: 300,
      access: 'PUBLIC',
      photoCount: 3,
      comments: [{ author: m2, text: 'Great photos, thanks for sharing.', after: 30 * 24 * 60 }],
      rsvps: [
        { party: m, status: 'YES', guests: 3 },
        { party: m2, status: 'NO', guests: 0 },
      ],
    },
    ...daylightSavingNights(l1, today1).map((date, index): EventPlan => ({
      ...base,
      fixture: index === 0 ? 'event:l1-dst-past' : 'event:l1-dst-next',
      club: l1,
      name: 'Overnight Vigil',
      description:
        'A quiet watch through the night the clocks change. Coffee all night; stay for an hour or the whole night.',
      date,
      // 1:30am: on the fall-back night this hour happens twice, on the spring night it ends
      // in summer time; two hours either way (docs/decisions.md D29).
      minutes: 90,
      duration: 120,
      access: 'MEMBER',
    })),
    {
      ...base,
      fixture: 'event:l2-open-house',
      club: l2,
      name: 'Open House',
      description: `${l2.name} opens its doors to the public. Tours, coffee and cookies.`,
      date: nextSaturday(addDays(today2, 3)),
      minutes: 10 * 60,
      duration: 240,
      access: 'PUBLIC',
      // Unannounced, so W sees Announce; no comments yet, so it can be deleted.
      announced: false,
    },
    {
      ...base,
      fixture: 'event:l2-breakfast',
      club: l2,
      name: 'Pancake Breakfast',
      description: 'All-you-can-eat pancakes, sausage and eggs. Proceeds benefit the food pantry.',
      date: nextSaturday(addDays(today2, 17)),
      minutes: 7 * 60,
      duration: 240,
      access: 'MEMBER',
      comments: [{ author: m2, text: 'Save me a seat by the coffee.', after: 120 }],
      rsvps: [{ party: m2, status: 'YES', guests: rng.int(0, 2) }],
    },
    {
      ...base,
      fixture: 'event:l2-no-comments',
      club: l2,
      name: "Officers' Planning Meeting",
      description: 'Planning for the coming year. Officers and committee chairs.',
      date: addDays(today2, 9),
      minutes: 19 * 60,
      duration: 120,
      access: 'MEMBER',
      allowsComments: false,
    },
  ];
}

function attendeePool(ctx: SeedContext, club: ClubInfo): number[] {
  if (club.level === 2) return club.users;
  const lodges =
    club.level === 1 ? club.org.lodges.filter((l) => l.groupId === club.id) : club.org.lodges;
  // A member of two lodges must answer once.
  return [...new Set(lodges.flatMap((l) => l.users))];
}

function countComments(tree: readonly CommentPlan[]): number {
  return tree.reduce((sum, node) => sum + 1 + countComments(node.replies ?? []), 0);
}

/** The series rows, each with its own description and comment container; ids by key. */
async function writeSeries(
  ctx: SeedContext,
  rng: Random,
  series: readonly SeriesPlan[],
): Promise<Map<string, number>> {
  const { writer, ids, now } = ctx;
  const commentRng = ctx.rng.fork('series-comments');
  const idsByKey = new Map<string, number>();
  for (const plan of series) {
    const id = ids.take('calendar_event_series');
    const descriptionId = ids.take('calendar_event_descriptions');
    const containerId = ids.take('comment_containers');
    const createdAt = zonedTimeToInstant(plan.startDate, 0, plan.club.town.timeZoneId) - 30 * DAY;
    // The series' thread, which every meeting not changed alone shows (D80).
    const tree =
      plan.allowsComments && rng.chance(0.4)
        ? drawComments(commentRng, ctx.world, { createdAt, clubId: plan.club.id }, now, 2, 6)
        : [];
    await writer.add('calendar_event_descriptions', {
      id: descriptionId,
      body: `<p>${escapeHtml(plan.description)}</p>`,
    });
    await writer.add('comment_containers', {
      id: containerId,
      comment_count: countComments(tree),
      created_at: createdAt,
    });
    await writeComments(ctx, tree, containerId, createdAt);
    const webmasters = plan.club.webmasters;
    await writer.add('calendar_event_series', {
      id,
      club_id: plan.club.id,
      party_id: webmasters.length ? rng.pick(webmasters) : null,
      rrule: plan.rrule,
      start_date: plan.startDate,
      start_minutes: plan.minutes,
      time_zone_id: plan.club.town.timeZoneId,
      duration_minutes: plan.duration,
      name: plan.name,
      location: plan.location,
      access: plan.access,
      allows_comments: plan.allowsComments ? 1 : 0,
      announced: 0,
      calendar_event_description_id: descriptionId,
      comment_container_id: containerId,
      materialized_until: plan.materializedUntil,
      created_at: Math.min(now, createdAt),
      updated_at: Math.min(now, createdAt),
    });
    idsByKey.set(plan.key, id);
  }
  return idsByKey;
}

export async function seedEvents(ctx: SeedContext): Promise<void> {
  const { world, writer, ids, now } = ctx;
  const rng = ctx.rng.fork('events');
  const plans: EventPlan[] = [];
  const series: SeriesPlan[] = [];
  for (const club of world.clubs.values()) {
    const today = localDateOf(now, club.town.timeZoneId);
    if (club.level === 2) {
      plans.push(...meetings(rng, club, today, series));
      const count = rng.int(2, 4);
      for (let i = 0; i < count; i++) {
        const template = rng.pick(LODGE_EVENT_TEMPLATES);
        const access: Access = rng.chance(0.7) ? 'PUBLIC' : 'MEMBER';
        plans.push(special(rng, club, template, addDays(today, rng.int(-60, 120)), access));
      }
    } else {
      const templates = club.level === 1 ? GROUP_EVENT_TEMPLATES : TOP_EVENT_TEMPLATES;
      // One past and one future at least, so every calendar tab has both.
      const offsets = [rng.int(-90, -10), rng.int(10, 150), rng.int(-60, 180)];
      rng.sample(templates, 3).forEach((template, i) => {
        const access: Access = rng.chance(0.6) ? 'PUBLIC' : 'MEMBER';
        plans.push(special(rng, club, template, addDays(today, offsets[i] ?? 30), access));
      });
    }
  }
  plans.push(...personaEvents(ctx));

  // Creation times come before the event; ids follow creation, as in real use.
  const timed = plans.map((plan) => {
    const start = zonedTimeToInstant(plan.date, plan.minutes, plan.club.town.timeZoneId);
    const lead = rng.int(7, 45) * 24 * HOUR;
    return { plan, start, createdAt: Math.min(now - HOUR, start - lead) };
  });
  timed.sort((a, b) => a.createdAt - b.createdAt || a.start - b.start);

  const seriesIds = await writeSeries(ctx, rng, series);

  const personaIds = new Set([...world.personas.values()].map((p) => p.id));
  const commentRng = ctx.rng.fork('event-comments');
  let attendees = 0;
  let comments = 0;
  let seen = 0;
  for (const { plan, start, createdAt } of timed) {
    const id = ids.take('calendar_events');
    const descriptionId = ids.take('calendar_event_descriptions');
    const containerId = ids.take('comment_containers');
    if (plan.fixture) world.fixtures.set(plan.fixture, id);
    const past = start < now;

    let tree = plan.comments;
    // A series' meetings show the series' comments (D80); their own container stays empty.
    if (plan.series !== undefined) tree = [];
    if (!tree) {
      tree = [];
      if (plan.allowsComments && rng.chance(past ? 0.35 : 0.15)) {
        tree = drawComments(
          commentRng,
          world,
          { createdAt, clubId: plan.club.id },
          now,
          past ? 2 : 1,
          6,
        );
      }
    }
    const flat: CommentPlan[] = [];
    const collect = (nodes: readonly CommentPlan[]): void => {
      for (const n of nodes) {
        flat.push(n);
        collect(n.replies ?? []);
      }
    };
    collect(tree);
    const lastComment = flat.reduce((max, c) => Math.max(max, c.after), 0);
    const announced = plan.announced ?? rng.chance(past ? 0.7 : 0.4);
    const photoCount = plan.photoCount || (past && rng.chance(0.12) ? rng.int(1, 3) : 0);
    const webmasters = plan.club.webmasters;

    await writer.add('calendar_event_descriptions', {
      id: descriptionId,
      body: `<p>${escapeHtml(plan.description)}</p>`,
    });
    await writer.add('comment_containers', {
      id: containerId,
      comment_count: flat.length,
      created_at: createdAt,
    });
    // The draws keep their order (the data stays the same for a seed); the row waits for its
    // RSVPs' counts, which the RSVP calls keep in the app (services/calendar-events.ts).
    const event = {
      id,
      club_id: plan.club.id,
      party_id: webmasters.length ? rng.pick(webmasters) : null,
      name: plan.name,
      location: plan.location,
      calendar_event_description_id: descriptionId,
      access: plan.access,
      announced: announced ? 1 : 0,
      announced_at: announced ? Math.min(now, createdAt + rng.int(1, 72) * HOUR) : null,
      allows_comments: plan.allowsComments ? 1 : 0,
      comment_container_id: containerId,
      start_at: start,
      end_at: start + plan.duration * MINUTE,
      time_zone_id: plan.club.town.timeZoneId,
      local_start_date: plan.date,
      created_at: createdAt,
      updated_at: createdAt,
      last_activity_at: Math.min(now, createdAt + lastComment * MINUTE),
      series_id: plan.series === undefined ? null : (seriesIds.get(plan.series) ?? null),
      recurrence_start_at: plan.series === undefined ? null : start,
    };
    const photoIds = rng.sample(world.photoIds, photoCount);
    const pool = attendeePool(ctx, plan.club).filter((p) => !personaIds.has(p));
    const count = Math.min(pool.length, rng.geometric(past ? 12 : 8, 60));
    const rsvps: Rsvp[] = [
      ...plan.rsvps,
      ...rng.sample(pool, count).map((party) => {
        const yes = rng.chance(0.8);
        return {
          party,
          status: (yes ? 'YES' : 'NO') as AttendeeStatus,
          guests: yes
            ? rng.weighted([
                [0, 60],
                [1, 25],
                [2, 8],
                [3, 3],
                [4, 2],
                [rng.int(5, 9), 2],
              ])
            : 0,
        };
      }),
    ];
    const going = rsvps.filter((rsvp) => rsvp.status === 'YES');
    await writer.add('calendar_events', {
      ...event,
      yes_count: going.length,
      no_count: rsvps.length - going.length,
      guest_count: going.reduce((sum, rsvp) => sum + rsvp.guests, 0),
    });
    for (const [index, photoId] of photoIds.entries()) {
      await writer.add('calendar_event_photos', {
        id: ids.take('calendar_event_photos'),
        calendar_event_id: id,
        photo_id: photoId,
        sort_order: index + 1,
      });
    }
    await writeComments(ctx, tree, containerId, createdAt);
    comments += flat.length;
    const rsvpUntil = Math.min(now, start);
    for (const rsvp of rsvps) {
      const at = createdAt + Math.floor(rng.next() * Math.max(1, rsvpUntil - createdAt));
      await writer.add('event_attendees', {
        id: ids.take('event_attendees'),
        calendar_event_id: id,
        party_id: rsvp.party,
        status: rsvp.status,
        guests: rsvp.guests,
        created_at: at,
        updated_at: at,
      });
    }
    attendees += rsvps.length;
    seen++;
    sampleInto(rng, world.noticeables.events, { id, name: plan.name }, seen, 2_000);
  }
  ctx.log(
    `events: ${timed.length} events (${series.length} series), ${attendees} RSVPs, ${comments} comments`,
  );
}
