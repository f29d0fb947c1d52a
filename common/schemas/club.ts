import { z } from 'zod';
import { recordIdSchema, recordIdParamSchema } from './record-id.ts';
import { SEARCH_MIN_CHARS } from '../constants.ts';
import { isSearchable } from '../member-search.ts';
import { cleanLodgeSearchText } from '../lodge-search.ts';
import { calendarEventSchema } from './calendar-event.ts';
import { SEARCH_TEXT_MAX } from './member-search.ts';
import { postSchema } from './post.ts';
import { avatarSchema } from './session.ts';

/** Lodges a search answers at most; `has_more` says there were more (docs/decisions.md D40). */
export const LODGE_SEARCH_LIMIT = 50;

/**
 * A club in a list (lodge search, By City, favourites, a club's group and member clubs): enough
 * for a row or a card that links to /clubs/{subdomain} (DIR-12, CLUB-18).
 */
export const clubSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  formal_name: z.string(),
  type_name: z.string(),
  subdomain: z.string(),
  avatar: avatarSchema.nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
});
export type ClubSummary = z.infer<typeof clubSummarySchema>;

/** The club's parent (`group`, ENT-09) with its member clubs, the club itself among them. */
export const clubGroupSchema = clubSummarySchema.extend({
  groupies: z.array(clubSummarySchema),
});
export type ClubGroup = z.infer<typeof clubGroupSchema>;

/** An officer: a roster party (`party_id`) or a name only (`party_id` null; CLUB-17). */
export const clubOfficerSchema = z.object({
  party_id: z.number().int().nullable(),
  full_name: z.string(),
});
export type ClubOfficer = z.infer<typeof clubOfficerSchema>;

export const officerPositionSchema = z.object({
  title: z.string(),
  current_officers: z.array(clubOfficerSchema),
});
export type OfficerPosition = z.infer<typeof officerPositionSchema>;

/**
 * `map_url` links to an online map at the club's place; `map_image` is an image of it the
 * browser can load (a stored one under /media, or the configured provider's), or null
 * (docs/decisions.md D40). `introduction` is cleaned HTML.
 */
export const homePageOptionSchema = z.object({
  map_url: z.string().nullable(),
  map_image: z.string().nullable(),
  introduction: z.string().nullable(),
  is_hiding_stock_introduction: z.boolean(),
});
export type HomePageOption = z.infer<typeof homePageOptionSchema>;

/** The club's pages elsewhere (AMB-05): Files, Photos, Dashboard (webmasters and admins only), Support. */
export const clubLinksSchema = z.object({
  files: z.string().nullable(),
  photos: z.string().nullable(),
  dashboard: z.string().nullable(),
  support: z.string(),
});
export type ClubLinks = z.infer<typeof clubLinksSchema>;

/**
 * Club (§3, ENT-09) as `GET /clubs/by_subdomain.json` answers it, plus what the club home needs
 * beyond the spec's fields: `is_member` (the favourite switch is on and disabled, CLUB-07),
 * `next_event` and `latest_post` (CLUB-09, CLUB-10; what the member may see, or null) and
 * `links` (AMB-05).
 */
export const clubSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  formal_name: z.string(),
  type_name: z.string(),
  subdomain: z.string(),
  default_url: z.string().nullable(),
  avatar: avatarSchema.nullable(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  full_address: z.string(),
  time_zone_id: z.number().int(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  description: z.string().nullable(),
  meetings: z.string().nullable(),
  is_favorite: z.boolean(),
  is_member: z.boolean(),
  home_page_option: homePageOptionSchema,
  current_officer_positions: z.array(officerPositionSchema),
  group: clubGroupSchema.nullable(),
  groupies: z.array(clubSummarySchema),
  organization: z.object({
    id: z.number().int(),
    name: z.string(),
    club_hierarchy: z.array(z.string()),
  }),
  next_event: calendarEventSchema.nullable(),
  latest_post: postSchema.nullable(),
  links: clubLinksSchema,
});
export type Club = z.infer<typeof clubSchema>;

export const clubBySubdomainQuerySchema = z.object({
  subdomain: z.string().min(1).max(100),
});

export const clubAnswerSchema = z.object({ data: z.object({ club: clubSchema }) });
export type ClubAnswer = z.infer<typeof clubAnswerSchema>;

/**
 * `GET /clubs.json?search_text=` (DIR-07, SRCH-12) or `GET /clubs.json?by_city=true` (DIR-09).
 * The text counts once cleaned as common/lodge-search.ts cleans it.
 */
export const clubListQuerySchema = z
  .object({
    search_text: z.string().max(SEARCH_TEXT_MAX).optional(),
    by_city: z.enum(['true', 'false']).optional(),
    /** Search pages from 0, LODGE_SEARCH_LIMIT each. */
    page: z.coerce.number().int().min(0).max(200).default(0),
  })
  .superRefine((query, context) => {
    if (query.by_city === 'true') return;
    if (!isSearchable(cleanLodgeSearchText(query.search_text ?? ''))) {
      context.addIssue({
        code: 'custom',
        path: ['search_text'],
        message: `must be at least ${SEARCH_MIN_CHARS} characters`,
      });
    }
  });

export const clubListAnswerSchema = z.object({
  data: z.object({
    clubs: z.array(clubSummarySchema),
    /** A search found more than LODGE_SEARCH_LIMIT; By City lists every club, so never. */
    has_more: z.boolean(),
  }),
});
export type ClubListAnswer = z.infer<typeof clubListAnswerSchema>['data'];

/**
 * Favorite club (ENT-13): `club_id`, with the club for the row and `is_member`: the member's own
 * clubs are favourites by membership and listed too (CLUB-07, docs/decisions.md D40).
 */
export const favoriteClubSchema = z.object({
  club_id: z.number().int(),
  is_member: z.boolean(),
  club: clubSummarySchema,
});
export type FavoriteClub = z.infer<typeof favoriteClubSchema>;

export const favoriteClubsAnswerSchema = z.object({
  data: z.object({ favorite_clubs: z.array(favoriteClubSchema) }),
});

export const favoriteClubRequestSchema = z.object({
  favorite_club: z.object({ club_id: recordIdSchema }),
});
export type FavoriteClubRequest = z.infer<typeof favoriteClubRequestSchema>;

export const favoriteClubAnswerSchema = z.object({
  data: z.object({ favorite_club: favoriteClubSchema }),
});

export const favoriteClubParamsSchema = z.object({ clubId: recordIdParamSchema });
