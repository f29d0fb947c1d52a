import { z } from 'zod';
import { isoDateSchema, roleNameSchema } from './console.ts';
import { recordIdParamSchema, recordIdSchema } from './record-id.ts';

/*
 * The console's roles, officers and invitations (issue 23, docs/decisions.md D69): the wire
 * shapes shared by the server's validation and the browser's forms. Like the rest of the console
 * (common/schemas/console.ts), only administrators and secretaries pass (403 for anyone else) and
 * a club, member or record outside the caller's scope is a 404.
 */

// ---- Roles: PUT /admin/memberships/{id}/roles.json ------------------------------------------

/** The console's roles a current membership holds after the change; every other one is removed. */
export const membershipRolesChangeSchema = z.object({
  roles: z.array(roleNameSchema).max(2),
});
export type MembershipRolesChange = z.infer<typeof membershipRolesChangeSchema>;

export const membershipParamsSchema = z.object({ id: recordIdParamSchema });

export const membershipRolesAnswerSchema = z.object({
  data: z.object({
    membership: z.object({
      id: z.number().int(),
      party_id: z.number().int(),
      club_id: z.number().int(),
      roles: z.array(roleNameSchema),
    }),
  }),
});
export type MembershipRolesAnswer = z.infer<typeof membershipRolesAnswerSchema>;

// ---- Officers: GET /admin/officers.json?club_id=, the positions and the terms ----------------

export const OFFICER_TITLE_MAX = 100;
export const OFFICER_NAME_MAX = 200;

export const officerTermSchema = z.object({
  id: z.number().int(),
  /** The holder in the roster; null for someone outside it, named by `name` alone. */
  party_id: z.number().int().nullable(),
  name: z.string(),
  from_date: z.string(),
  /** 'YYYY-MM-DD' the term ended (or ends); null while open. */
  to_date: z.string().nullable(),
  /** Whether the term covers the club's today (the club home shows it). */
  current: z.boolean(),
});
export type OfficerTerm = z.infer<typeof officerTermSchema>;

export const officerPositionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  sort_order: z.number().int(),
  /** 'YYYY-MM-DD' the position was retired; null while in use. */
  retired_on: z.string().nullable(),
  /** Every term, newest first: the current holders and the history. */
  terms: z.array(officerTermSchema),
  abilities: z.object({
    /** Removal leaves no trace, so only a position that never had a holder may go. */
    remove: z.boolean(),
    /** A position with a current holder is not retired until the term is ended. */
    retire: z.boolean(),
  }),
});
export type OfficerPosition = z.infer<typeof officerPositionSchema>;

export const clubOfficersAnswerSchema = z.object({
  data: z.object({
    club: z.object({
      id: z.number().int(),
      organization_id: z.number().int(),
      name: z.string(),
      subdomain: z.string(),
      /** The club's own date, by its time zone: what "current" is measured against. */
      today: z.string(),
    }),
    /** In order: positions in use first by `sort_order`, then retired ones. */
    positions: z.array(officerPositionSchema),
  }),
});
export type ClubOfficersAnswer = z.infer<typeof clubOfficersAnswerSchema>;

export const clubOfficersQuerySchema = z.object({ club_id: recordIdParamSchema });
export const officerRecordParamsSchema = z.object({ id: recordIdParamSchema });

const titleSchema = z
  .string()
  .trim()
  .min(1, 'Give the position a title.')
  .max(OFFICER_TITLE_MAX, `At most ${OFFICER_TITLE_MAX} characters.`);

/** POST /admin/officer_positions.json: a new position of the club, last in order. */
export const officerPositionCreateSchema = z.object({
  club_id: recordIdSchema,
  title: titleSchema,
});
export type OfficerPositionCreate = z.infer<typeof officerPositionCreateSchema>;

/** PUT /admin/officer_positions/{id}.json: rename, retire (a date) or bring back (null). */
export const officerPositionUpdateSchema = z
  .object({ title: titleSchema.optional(), retired_on: isoDateSchema.nullable().optional() })
  .refine((body) => body.title !== undefined || body.retired_on !== undefined, {
    message: 'Send a title or retired_on.',
  });
export type OfficerPositionUpdate = z.infer<typeof officerPositionUpdateSchema>;

/** PUT /admin/officer_position_order.json: every position in use of the club, in order. */
export const officerPositionOrderSchema = z.object({
  club_id: recordIdSchema,
  position_ids: z.array(recordIdSchema).min(1).max(500),
});
export type OfficerPositionOrder = z.infer<typeof officerPositionOrderSchema>;

function datesInOrder(body: {
  from_date?: string | undefined;
  to_date?: string | null | undefined;
}) {
  return !body.from_date || !body.to_date || body.to_date >= body.from_date;
}
const DATES_OUT_OF_ORDER = { message: 'The end is before the start.', path: ['to_date'] };

/**
 * POST /admin/officer_terms.json: appoint to a position a member of the roster (`party_id`), or
 * name someone outside it (`full_name`), from a date, open or to a date.
 */
export const officerTermCreateSchema = z
  .object({
    position_id: recordIdSchema,
    party_id: recordIdSchema.nullable().default(null),
    full_name: z.string().trim().max(OFFICER_NAME_MAX).nullable().default(null),
    from_date: isoDateSchema,
    to_date: isoDateSchema.nullable().default(null),
  })
  .refine(
    (body) => (body.party_id === null) !== (body.full_name === null || body.full_name === ''),
    {
      message: 'Choose a member from the roster, or give a name.',
      path: ['party_id'],
    },
  )
  .refine(datesInOrder, DATES_OUT_OF_ORDER);
export type OfficerTermCreate = z.infer<typeof officerTermCreateSchema>;

/** PUT /admin/officer_terms/{id}.json: correct the dates, or end the term (a `to_date`). */
export const officerTermUpdateSchema = z
  .object({ from_date: isoDateSchema, to_date: isoDateSchema.nullable() })
  .refine(datesInOrder, DATES_OUT_OF_ORDER);
export type OfficerTermUpdate = z.infer<typeof officerTermUpdateSchema>;

// ---- Invitations: POST /admin/invitations.json ----------------------------------------------

/**
 * Invite one member (`party_id`) or every member of a club (`club_id`) who has no account yet.
 * `dry_run` only counts (the club's "count first"); `again` sends also to those invited within
 * the last day.
 */
export const invitationRequestSchema = z
  .object({
    organization_id: recordIdSchema,
    party_id: recordIdSchema.optional(),
    club_id: recordIdSchema.optional(),
    dry_run: z.boolean().default(false),
    again: z.boolean().default(false),
  })
  .refine((body) => (body.party_id === undefined) !== (body.club_id === undefined), {
    message: 'Name one member (party_id) or one club (club_id).',
    path: ['party_id'],
  });
export type InvitationRequest = z.infer<typeof invitationRequestSchema>;

export const uninvitedMemberSchema = z.object({
  party_id: z.number().int(),
  display_name: z.string(),
  member_number: z.string(),
});
export type UninvitedMember = z.infer<typeof uninvitedMemberSchema>;

export const invitationOutcomeSchema = z.object({
  dry_run: z.boolean(),
  /** Invitations sent (or, for a dry run, that would be). */
  invited: z.number().int(),
  /** Left out because they were invited within the last day (send `again` to include them). */
  recently_invited: z.number().int(),
  /** Members with no e-mail on record: not invited, listed so the secretary can call them. */
  without_email: z.array(uninvitedMemberSchema),
});
export type InvitationOutcome = z.infer<typeof invitationOutcomeSchema>;

export const invitationAnswerSchema = z.object({
  data: z.object({ invitation: invitationOutcomeSchema }),
});
export type InvitationAnswer = z.infer<typeof invitationAnswerSchema>;

// ---- A member's invitations: GET /admin/invitations.json?organization_id=&party_id= ---------

export const memberInvitationsQuerySchema = z.object({
  organization_id: recordIdParamSchema,
  party_id: recordIdParamSchema,
});
export type MemberInvitationsQuery = z.infer<typeof memberInvitationsQuerySchema>;

export const memberInvitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  /** When it was recorded (epoch milliseconds). */
  created_at: z.number().int(),
  /** When the mailer took it; null while waiting, or when sending failed. */
  sent_at: z.number().int().nullable(),
});
export type MemberInvitation = z.infer<typeof memberInvitationSchema>;

export const memberInvitationsAnswerSchema = z.object({
  data: z.object({ invitations: z.array(memberInvitationSchema) }),
});
