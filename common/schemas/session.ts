import { z } from 'zod';

/**
 * The signed-in member as the session calls carry it (§3 Session, User, Party; ENT-01..03,
 * API-SESS-01..02). The server's presenters produce these shapes and the browser reads them
 * with the same schemas.
 */

export const avatarSchema = z.object({ medium_url: z.string() });

/** The party of the signed-in user: names and avatar (ENT-04, the subset the session needs). */
export const sessionPartySchema = z.object({
  id: z.number().int(),
  first_name: z.string().nullable(),
  middle_name: z.string().nullable(),
  last_name: z.string().nullable(),
  suffix: z.string().nullable(),
  preferred_name: z.string().nullable(),
  display_name: z.string(),
  avatar: avatarSchema.nullable(),
});
export type SessionParty = z.infer<typeof sessionPartySchema>;

/** A club of the user (ENT-02, ENT-11). */
export const userClubSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  subdomain: z.string(),
  is_leaf: z.boolean(),
  club_member_role_names: z.array(z.string()),
  full_address: z.string().nullable(),
  time_zone_id: z.number().int().nullable(),
});
export type UserClub = z.infer<typeof userClubSchema>;

export const userSchema = z.object({
  username: z.string(),
  party_id: z.number().int(),
  is_admin: z.boolean(),
  party: sessionPartySchema,
  clubs: z.array(userClubSchema),
  status_club_ids: z.array(z.number().int()),
  /** What the menu offers (policies travel to the client, D58): the console (issue 23, D63). */
  abilities: z.object({ use_console: z.boolean() }),
});
export type User = z.infer<typeof userSchema>;

/** `POST /session.json`, and the step four of registration and reset (API-SESS-01, API-REG-04, -08). */
export const signedInAnswerSchema = z.object({
  data: z.object({ user: userSchema, app_public_key: z.string().min(1) }),
});
export type SignedInAnswer = z.infer<typeof signedInAnswerSchema>;

/** `GET /session.json` (API-SESS-02). */
export const sessionAnswerSchema = z.object({ data: z.object({ user: userSchema }) });

/** `POST /session.json` body (SIGNIN-05). */
export const signInRequestSchema = z.object({
  user: z.object({
    username: z.string().trim().min(1),
    password: z.string().min(1),
    public_key: z.string().min(1),
  }),
});
export type SignInRequest = z.infer<typeof signInRequestSchema>;

/**
 * The `x-user-metadata` header (META-01..05): base64 of this JSON. The notice count starts
 * null in the browser (META-04) until the first header arrives.
 */
export const userMetadataSchema = z.object({
  unseen_notice_count: z.number().int().min(0).nullable(),
  unseen_chat_messages_count: z.number().int().min(0).nullable(),
});
export type UserMetadata = z.infer<typeof userMetadataSchema>;

/** One club under a group name in My Memberships (ENT-10, NAV-09). */
export const membershipClubSchema = z.object({
  club_id: z.number().int(),
  club_name: z.string(),
  club_subdomain: z.string(),
});
export type MembershipClub = z.infer<typeof membershipClubSchema>;

/**
 * `GET /club_membership_groups.json`: per organisation (`id`, `name`), the group names in
 * order and the clubs under each.
 */
export const clubMembershipGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  group_names: z.array(z.string()),
  groups: z.record(z.string(), z.array(membershipClubSchema)),
});
export type ClubMembershipGroup = z.infer<typeof clubMembershipGroupSchema>;

export const clubMembershipGroupsAnswerSchema = z.object({
  data: z.object({ club_membership_groups: z.array(clubMembershipGroupSchema) }),
});

/** `POST /password_settings` body (PWD-02, API-REG-10). */
export const passwordSettingRequestSchema = z.object({
  password_setting: z.object({
    current_password: z.string().min(1),
    password: z.string(),
    password_confirmation: z.string(),
  }),
});
export type PasswordSettingRequest = z.infer<typeof passwordSettingRequestSchema>;
