import { z } from 'zod';
import { contrastRatio } from '../contrast.ts';
import { TIME_ZONE_IDS } from '../event-time.ts';
import {
  COLOUR_FORMAT,
  LAT_LNG_TOGETHER,
  LATITUDE_RANGE,
  LEVEL_NAMES_UNIQUE,
  LEVELS_NEEDED,
  LONGITUDE_RANGE,
  MEMBER_NUMBER_MIN_ABOVE_MAX,
  MEMBER_NUMBER_RANGE,
  NAME_NEEDED,
  SUBDOMAIN_FORMAT,
  WEB_ADDRESS_FORMAT,
  colourTooLight,
} from '../messages/lodge-office-clubs.ts';
import { STATUS_TEXT } from '../messages/lodge-office.ts';
import { MEMBER_STATUS_VALUES, memberStatusValueSchema } from './console.ts';
import type { MemberStatusValue } from './console.ts';
import { recordIdParamSchema, recordIdSchema } from './record-id.ts';
import { avatarSchema } from './session.ts';

/*
 * The Lodge Office's organisation settings and clubs (issue 23, docs/decisions.md D68): the
 * wire shapes of /admin/organizations and /admin/clubs, shared by the server's validation and
 * the browser's forms (their resolvers), so both refuse with the same words.
 */

// ---- Status styles --------------------------------------------------------------------------

/** A status's look in the status checker: its words and its colour. */
export interface StatusStyle {
  title: string;
  color: string;
}

/** What a status looks like when its organisation has not chosen (the seed's palette). */
export const DEFAULT_STATUS_STYLES: Readonly<Record<MemberStatusValue, StatusStyle>> = {
  active: { title: STATUS_TEXT.active, color: '#2b8a3e' },
  suspended: { title: STATUS_TEXT.suspended, color: '#e8590c' },
  demitted: { title: STATUS_TEXT.demitted, color: '#868e96' },
  deceased: { title: STATUS_TEXT.deceased, color: '#343a40' },
  expelled: { title: STATUS_TEXT.expelled, color: '#c92a2a' },
};

/**
 * A status colour is a dot on the white console and the status card's border and background:
 * WCAG 1.4.11 asks 3:1 for a graphic against what is around it (the card's words are black or
 * white, whichever reads better, so they reach 4.5:1 on any colour).
 */
export const STATUS_COLOUR_MIN_CONTRAST = 3;
const PAGE_WHITE = '#ffffff';
const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/** Why a status colour is refused, or null when it is readable. */
export function statusColourError(color: string): string | null {
  if (!HEX_COLOUR.test(color)) return COLOUR_FORMAT;
  const ratio = contrastRatio(color, PAGE_WHITE);
  return ratio < STATUS_COLOUR_MIN_CONTRAST ? colourTooLight(ratio) : null;
}

export const statusStyleSchema = z.object({
  status: memberStatusValueSchema,
  title: z.string().trim().min(1, NAME_NEEDED).max(40),
  color: z.string().superRefine((color, context) => {
    const error = statusColourError(color);
    if (error) context.addIssue({ code: 'custom', message: error });
  }),
});
export type StatusStyleEntry = z.infer<typeof statusStyleSchema>;

// ---- Organisation ---------------------------------------------------------------------------

export const MEMBER_NUMBER_LENGTH_MAX = 30;
const numberLength = z
  .number({ message: MEMBER_NUMBER_RANGE })
  .int(MEMBER_NUMBER_RANGE)
  .min(1, MEMBER_NUMBER_RANGE)
  .max(MEMBER_NUMBER_LENGTH_MAX, MEMBER_NUMBER_RANGE)
  .nullable();

/** One level of the hierarchy; `id` null is a new level. Its place in the list is its rank. */
export const clubTypeEntrySchema = z.object({
  id: recordIdSchema.nullable(),
  name: z.string().trim().min(1, NAME_NEEDED).max(60),
});
export type ClubTypeEntry = z.infer<typeof clubTypeEntrySchema>;

export const MAX_LEVELS = 8;

/** PUT /admin/organizations/{id}.json and POST /admin/organizations.json. */
export const organizationSettingsSchema = z
  .object({
    name: z.string().trim().min(1, NAME_NEEDED).max(120),
    member_number_min_length: numberLength,
    member_number_max_length: numberLength,
    is_recognized: z.boolean(),
    /** From the top level down; a level left out is removed (refused while clubs use it). */
    club_types: z.array(clubTypeEntrySchema).min(1, LEVELS_NEEDED).max(MAX_LEVELS),
    /** One entry per status, each status once. */
    statuses: z.array(statusStyleSchema).length(MEMBER_STATUS_VALUES.length),
  })
  .superRefine((settings, context) => {
    const { member_number_min_length: min, member_number_max_length: max } = settings;
    if (min !== null && max !== null && min > max) {
      context.addIssue({
        code: 'custom',
        path: ['member_number_min_length'],
        message: MEMBER_NUMBER_MIN_ABOVE_MAX,
      });
    }
    const names = settings.club_types.map((type) => type.name.trim().toLowerCase());
    names.forEach((name, index) => {
      if (names.indexOf(name) !== index) {
        context.addIssue({
          code: 'custom',
          path: ['club_types', index, 'name'],
          message: LEVEL_NAMES_UNIQUE,
        });
      }
    });
    const statuses = new Set(settings.statuses.map((entry) => entry.status));
    if (statuses.size !== MEMBER_STATUS_VALUES.length) {
      context.addIssue({
        code: 'custom',
        path: ['statuses'],
        message: 'Give each status once.',
      });
    }
  });
export type OrganizationSettings = z.infer<typeof organizationSettingsSchema>;

export const consoleClubTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  rank: z.number().int(),
  is_leaf: z.boolean(),
  club_count: z.number().int(),
});
export type ConsoleClubType = z.infer<typeof consoleClubTypeSchema>;

/** What the console may do with the organisation (D58: the server decides, the screen shows). */
export const organizationAbilitiesSchema = z.object({ edit: z.boolean() });

export const consoleOrganizationDetailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  member_number_min_length: z.number().int().nullable(),
  member_number_max_length: z.number().int().nullable(),
  is_recognized: z.boolean(),
  club_types: z.array(consoleClubTypeSchema),
  statuses: z.array(statusStyleSchema),
  abilities: organizationAbilitiesSchema,
});
export type ConsoleOrganizationDetail = z.infer<typeof consoleOrganizationDetailSchema>;

/** What a save of the organisation sends, from what its read answered: the form's start. */
export function organizationSettingsOf(detail: ConsoleOrganizationDetail): OrganizationSettings {
  return {
    name: detail.name,
    member_number_min_length: detail.member_number_min_length,
    member_number_max_length: detail.member_number_max_length,
    is_recognized: detail.is_recognized,
    club_types: detail.club_types.map((type) => ({ id: type.id, name: type.name })),
    statuses: detail.statuses,
  };
}

export const consoleOrganizationAnswerSchema = z.object({
  data: z.object({ organization: consoleOrganizationDetailSchema }),
});

export const organizationParamsSchema = z.object({ id: recordIdParamSchema });

// ---- Clubs ----------------------------------------------------------------------------------

/** Small letters, digits and inner hyphens: the club's part of an address. */
export const SUBDOMAIN_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((text) => (text === '' ? null : text));

const webAddress = z
  .string()
  .trim()
  .max(500)
  .nullable()
  .transform((text) => (text === '' ? null : text))
  .refine((text) => text === null || /^https?:\/\/[^\s]+$/i.test(text), WEB_ADDRESS_FORMAT);

/** Every field of §3 Club a member sees, as the console writes it. */
export const clubFieldsSchema = z
  .object({
    name: z.string().trim().min(1, NAME_NEEDED).max(120),
    formal_name: z.string().trim().min(1, NAME_NEEDED).max(200),
    club_type_id: recordIdSchema,
    group_id: recordIdSchema.nullable(),
    subdomain: z.string().trim().toLowerCase().regex(SUBDOMAIN_PATTERN, SUBDOMAIN_FORMAT),
    address1: optionalText(200),
    address2: optionalText(200),
    city: optionalText(100),
    state: optionalText(40),
    zip: optionalText(20),
    time_zone_id: z
      .number()
      .int()
      .refine((id) => (TIME_ZONE_IDS as readonly number[]).includes(id)),
    lat: z.number().min(-90, LATITUDE_RANGE).max(90, LATITUDE_RANGE).nullable(),
    lng: z.number().min(-180, LONGITUDE_RANGE).max(180, LONGITUDE_RANGE).nullable(),
    description: optionalText(5000),
    /** Plain text here; the server keeps it as the club home shows it. */
    introduction: optionalText(10000),
    is_hiding_stock_introduction: z.boolean(),
    meetings: optionalText(2000),
    map_url: webAddress,
    default_url: webAddress,
  })
  .superRefine((club, context) => {
    if ((club.lat === null) !== (club.lng === null)) {
      context.addIssue({
        code: 'custom',
        path: [club.lat === null ? 'lat' : 'lng'],
        message: LAT_LNG_TOGETHER,
      });
    }
  });
export type ClubFields = z.input<typeof clubFieldsSchema>;

export const clubCreateSchema = z.object({ organization_id: recordIdSchema }).and(clubFieldsSchema);
export type ClubCreate = z.input<typeof clubCreateSchema>;

/** What the console may do with a club. */
export const clubAbilitiesSchema = z.object({
  edit: z.boolean(),
  close: z.boolean(),
  add_child: z.boolean(),
});

/** A club in the console's tree: enough for a row and its place. */
export const clubTreeEntrySchema = z.object({
  id: z.number().int(),
  group_id: z.number().int().nullable(),
  name: z.string(),
  formal_name: z.string(),
  subdomain: z.string(),
  type_name: z.string(),
  closed_at: z.string().nullable(),
});
export type ClubTreeEntry = z.infer<typeof clubTreeEntrySchema>;

export const clubTreeQuerySchema = z.object({ organization_id: recordIdParamSchema });

export const clubTreeAnswerSchema = z.object({
  data: z.object({ clubs: z.array(clubTreeEntrySchema), may_add_top: z.boolean() }),
});

export const consoleClubDetailSchema = z.object({
  id: z.number().int(),
  organization_id: z.number().int(),
  name: z.string(),
  formal_name: z.string(),
  club_type_id: z.number().int(),
  group_id: z.number().int().nullable(),
  /** The parent's name: a secretary's own lodge's parent is not in their tree. */
  group_name: z.string().nullable(),
  subdomain: z.string(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  time_zone_id: z.number().int(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  description: z.string().nullable(),
  introduction: z.string().nullable(),
  is_hiding_stock_introduction: z.boolean(),
  meetings: z.string().nullable(),
  map_url: z.string().nullable(),
  default_url: z.string().nullable(),
  /** 'YYYY-MM-DD' (UTC) the club closed, or null. */
  closed_at: z.string().nullable(),
  /** The emblem and the stored map image, as the club home shows them (uploaded apart). */
  avatar: avatarSchema.nullable(),
  map_image: z.string().nullable(),
  abilities: clubAbilitiesSchema,
});
export type ConsoleClubDetail = z.infer<typeof consoleClubDetailSchema>;

export const consoleClubAnswerSchema = z.object({
  data: z.object({ club: consoleClubDetailSchema }),
});

export const clubParamsSchema = z.object({ id: recordIdParamSchema });

/** A club in the console, below the app's base path: the club page's Dashboard (AMB-05, D68). */
export const consoleClubPath = (clubId: number): string => `/admin/clubs/${clubId}`;

/** PUT /admin/clubs/{id}/avatar.json and /map_image.json: a picture; its type is read from the bytes. */
export const clubImageRequestSchema = z.object({
  file_name: z.string().max(255),
  base64: z.string().min(1),
});
export type ClubImageRequest = z.infer<typeof clubImageRequestSchema>;

/** The field a refused picture's messages come under. */
export const CLUB_IMAGE_FIELD = 'image';
