import { z } from 'zod';
import { recordIdParamSchema } from './record-id.ts';

/*
 * The secretary's console (issue 23, /app/admin, D63): the wire shapes of its API, shared by the
 * server's validation and presenters and by the browser's forms and queries. Every path is under
 * /admin and answers only administrators and secretaries (403 for anyone else); a club or member
 * outside the caller's scope is a 404.
 */

export const ROLE_NAMES = ['webmaster', 'secretary'] as const;
export const roleNameSchema = z.enum(ROLE_NAMES);
export type ConsoleRoleName = z.infer<typeof roleNameSchema>;

export const MEMBER_STATUS_VALUES = [
  'active',
  'suspended',
  'demitted',
  'deceased',
  'expelled',
] as const;
export const memberStatusValueSchema = z.enum(MEMBER_STATUS_VALUES);
export type MemberStatusValue = z.infer<typeof memberStatusValueSchema>;

/** 'YYYY-MM-DD', a real calendar day. */
export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the form YYYY-MM-DD.')
  .refine(
    (text) =>
      !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) &&
      new Date(`${text}T00:00:00Z`).toISOString().startsWith(text),
    'Not a real date.',
  );

// ---- Scope: GET /admin/scope.json ----------------------------------------------------------

/** A club the console user manages (the roster filter, the import's club column, the tree). */
export const consoleClubSchema = z.object({
  id: z.number().int(),
  organization_id: z.number().int(),
  group_id: z.number().int().nullable(),
  name: z.string(),
  formal_name: z.string(),
  subdomain: z.string(),
  type_name: z.string(),
});
export type ConsoleClub = z.infer<typeof consoleClubSchema>;

export const consoleOrganizationSchema = z.object({ id: z.number().int(), name: z.string() });
export type ConsoleOrganization = z.infer<typeof consoleOrganizationSchema>;

/** What the console opens with: who may do what, and where. */
export const consoleScopeAnswerSchema = z.object({
  data: z.object({
    is_admin: z.boolean(),
    organizations: z.array(consoleOrganizationSchema),
    clubs: z.array(consoleClubSchema),
  }),
});
export type ConsoleScopeAnswer = z.infer<typeof consoleScopeAnswerSchema>;

// ---- Roster list: GET /admin/members.json ------------------------------------------------

export const ROSTER_PAGE_SIZE = 50;

/** Query of the roster list; every filter optional. `q` matches names and the member number. */
export const rosterQuerySchema = z.object({
  organization_id: z.coerce.number().int().positive(),
  q: z.string().trim().max(100).optional(),
  club_id: z.coerce.number().int().positive().optional(),
  status: memberStatusValueSchema.optional(),
  has_account: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type RosterQuery = z.infer<typeof rosterQuerySchema>;

export const rosterMemberSchema = z.object({
  party_id: z.number().int(),
  display_name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  member_number: z.string(),
  status: memberStatusValueSchema,
  has_account: z.boolean(),
  /** The member's current clubs in this organisation (those of the caller's scope first). */
  clubs: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type RosterMember = z.infer<typeof rosterMemberSchema>;

export const rosterAnswerSchema = z.object({
  data: z.object({
    members: z.array(rosterMemberSchema),
    /** Whether a further page follows. */
    has_more: z.boolean(),
  }),
});
export type RosterAnswer = z.infer<typeof rosterAnswerSchema>;

// ---- A member's record: GET /admin/members/{party_id}.json?organization_id= -------------------

export const consoleMembershipSchema = z.object({
  id: z.number().int(),
  club: z.object({ id: z.number().int(), name: z.string(), subdomain: z.string() }),
  roles: z.array(roleNameSchema),
  joined_on: z.string().nullable(),
  /** 'YYYY-MM-DD' the membership ended; null while current. */
  left_on: z.string().nullable(),
});
export type ConsoleMembership = z.infer<typeof consoleMembershipSchema>;

export const memberStandingSchema = z.object({
  value: memberStatusValueSchema,
  /** 'YYYY-MM-DD' the status took effect, when recorded. */
  on: z.string().nullable(),
  note: z.string().nullable(),
});
export type MemberStanding = z.infer<typeof memberStandingSchema>;

export const consoleMemberSchema = z.object({
  party_id: z.number().int(),
  organization: consoleOrganizationSchema,
  display_name: z.string(),
  first_name: z.string(),
  middle_name: z.string().nullable(),
  last_name: z.string(),
  suffix: z.string().nullable(),
  preferred_name: z.string().nullable(),
  birth_date: z.string().nullable(),
  member_number: z.string(),
  status: memberStandingSchema,
  has_account: z.boolean(),
  emails: z.array(z.string()),
  phones: z.array(z.object({ kind: z.string(), number: z.string() })),
  address: z
    .object({
      address_1: z.string(),
      address_2: z.string().nullable(),
      city: z.string(),
      state: z.string().nullable(),
      zip: z.string(),
      country: z.string(),
    })
    .nullable(),
  memberships: z.array(consoleMembershipSchema),
  abilities: z.object({ change_status: z.boolean() }),
});
export type ConsoleMember = z.infer<typeof consoleMemberSchema>;

export const consoleMemberAnswerSchema = z.object({
  data: z.object({ member: consoleMemberSchema }),
});

/** The record's address: `/admin/members/{party_id}.json` (and `/status.json`). */
export const consoleMemberParamsSchema = z.object({
  party_id: z.coerce.number().int().positive().max(2_147_483_647),
});

/** The record's query: the organisation whose roster holds the member. */
export const consoleMemberQuerySchema = z.object({
  organization_id: z.coerce.number().int().positive().max(2_147_483_647),
});

// ---- A member's status: PUT /admin/members/{party_id}/status.json ---------------------------

export const STATUS_NOTE_MAX = 500;

/** One schema for the server's validation and the status form's resolver. */
export const memberStatusChangeSchema = z.object({
  organization_id: z.number().int().positive(),
  status: memberStatusValueSchema,
  on: isoDateSchema,
  note: z.string().trim().max(STATUS_NOTE_MAX).nullable(),
});
export type MemberStatusChange = z.infer<typeof memberStatusChangeSchema>;

// ---- Roster import: POST /admin/roster_imports.json, GET /admin/roster_imports/{id}.json ------

/** The most rows one file may hold; a longer file is refused whole with a clear message. */
export const ROSTER_IMPORT_MAX_ROWS = 200_000;

/**
 * The most bytes the import's JSON body may hold (a 200,000-row file with room to spare); a
 * larger body is refused with 413 before it is read.
 */
export const ROSTER_IMPORT_MAX_BODY_BYTES = 64 * 1024 * 1024;

/** Start checking (dry_run true) or importing (dry_run false) a CSV file (docs/roster-csv.md). */
export const rosterImportRequestSchema = z.object({
  organization_id: z.number().int().positive(),
  dry_run: z.boolean(),
  /** The file's text, as read by the browser (UTF-8, with or without BOM). */
  csv: z.string().min(1),
});
export type RosterImportRequest = z.infer<typeof rosterImportRequestSchema>;

export const rosterRowErrorSchema = z.object({
  /** The file's line number (1 is the header); a quoted line break counts as a line. */
  line: z.number().int(),
  column: z.string(),
  message: z.string(),
});
export type RosterRowError = z.infer<typeof rosterRowErrorSchema>;

export const ROSTER_IMPORT_STATES = ['running', 'done', 'failed'] as const;

export const rosterImportSchema = z.object({
  id: z.number().int(),
  organization_id: z.number().int(),
  dry_run: z.boolean(),
  state: z.enum(ROSTER_IMPORT_STATES),
  /** Rows read so far, of `total_rows`: the progress bar. */
  processed_rows: z.number().int(),
  total_rows: z.number().int(),
  /** Counted per member (rows with one member number are one member). */
  added: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** Every row error by line and column (a real import with any error changes nothing). */
  errors: z.array(rosterRowErrorSchema),
  /** Whether the changes were written: false for a check, or when any row had an error. */
  committed: z.boolean(),
  /** Why the whole file was refused (e.g. too many rows, no header), when it was. */
  failure: z.string().nullable(),
});
export type RosterImport = z.infer<typeof rosterImportSchema>;

export const rosterImportAnswerSchema = z.object({
  data: z.object({ import: rosterImportSchema }),
});

// ---- Roster export: GET /admin/roster_export.csv?organization_id=&club_id= --------------------
// Answers text/csv in the import's own format (docs/roster-csv.md), so an export imports back
// unchanged.

export const rosterImportParamsSchema = z.object({ id: recordIdParamSchema });

export const rosterExportQuerySchema = z.object({
  organization_id: z.coerce.number().int().positive(),
  /** One club's members; without it, the organisation's (a secretary's: their clubs'). */
  club_id: z.coerce.number().int().positive().optional(),
});
export type RosterExportQuery = z.infer<typeof rosterExportQuerySchema>;
