import { z } from 'zod';
import { recordIdSchema, recordIdParamSchema } from './record-id.ts';
import { sessionPartySchema } from './session.ts';

/**
 * The party page and the member's own contact lists (§3 Party, Recent contact; §7 Contacts and
 * members; ENT-04, ENT-18, API-DIR-02..06). What a member may learn of another is decision D37
 * (who) and D39 (what): names, avatar, phones, the first e-mail and the clubs of the
 * viewer's organisations; never a birth date, a member number or an address.
 */

/** A party as every list carries it: names, display name and avatar (ENT-04's subset). */
export const partySummarySchema = sessionPartySchema;
export type PartySummary = z.infer<typeof partySummarySchema>;

/**
 * A telephone (PARTY-06): `type` is the contact type's name (CellPhone, HomePhone, OfficePhone,
 * or another an installation adds); `number` digits as stored; `extension` for an office line.
 */
export const partyPhoneSchema = z.object({
  type: z.string(),
  number: z.string(),
  extension: z.string().nullable(),
});
export type PartyPhone = z.infer<typeof partyPhoneSchema>;

/**
 * A club of the party's club_list (AMB-36), with the viewer's own standing in it: whether the
 * viewer follows it (`is_favorite`) and whether the viewer is a member (`is_member`, whose
 * switch is on and cannot be turned off).
 */
export const partyClubSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  subdomain: z.string(),
  type_name: z.string(),
  is_favorite: z.boolean(),
  is_member: z.boolean(),
});
export type PartyClub = z.infer<typeof partyClubSchema>;

/**
 * How a member reached another (ENT-18). `cell` and `home` are the older clients' words for a
 * call; this app sends the phone's own type, and `email` for the E-Mail link; chats record
 * `chat` on the server.
 */
export const RECENT_CONTACT_TYPES = [
  'cell',
  'home',
  'chat',
  'CellPhone',
  'HomePhone',
  'OfficePhone',
  'email',
] as const;
export const recentContactTypeSchema = z.enum(RECENT_CONTACT_TYPES);
export type RecentContactType = z.infer<typeof recentContactTypeSchema>;

/** The viewer's last contact with the party (PARTY-04); `contacted_at` in epoch ms. */
export const partyRecentContactSchema = z.object({
  contact_type: z.string(),
  contacted_at: z.number().int(),
});

/** The viewer's favourite mark on the party (PARTY-02). */
export const partyFavoriteContactSchema = z.object({
  party_id: z.number().int(),
  created_at: z.number().int(),
});
export type PartyFavoriteContact = z.infer<typeof partyFavoriteContactSchema>;

/** `GET /parties/{id}` (API-DIR-02, ENT-04). `left_at` in epoch ms, or null. */
export const partySchema = partySummarySchema.extend({
  left_at: z.number().int().nullable(),
  phones: z.array(partyPhoneSchema),
  email_address: z.object({ address: z.string() }).nullable(),
  club_list: z.array(partyClubSchema),
  user_recent_contact: partyRecentContactSchema.nullable(),
  user_favorite_contact: partyFavoriteContactSchema.nullable(),
});
export type Party = z.infer<typeof partySchema>;

export const partyAnswerSchema = z.object({ data: z.object({ party: partySchema }) });
export type PartyAnswer = z.infer<typeof partyAnswerSchema>;

/**
 * The id as the address gives it: anything but a party's id (letters, `recent`) is the 404 an
 * unknown id is, not a 422, since the address names no party either way.
 */
export const partyIdParamsSchema = z.object({ id: z.string() });

/** One entry of Members › Recent (ENT-18, DIR-16). */
export const recentContactSchema = z.object({
  party: partySummarySchema,
  contact_type: z.string(),
  contacted_at: z.number().int(),
});
export type RecentContact = z.infer<typeof recentContactSchema>;

export const recentContactsAnswerSchema = z.object({
  data: z.object({ user_recent_contacts: z.array(recentContactSchema) }),
});
export type RecentContactsAnswer = z.infer<typeof recentContactsAnswerSchema>;

/** `POST /user_recent_contacts.json`: the member tapped a call or the E-Mail link. */
export const recordRecentContactRequestSchema = z.object({
  user_recent_contact: z.object({
    party_id: recordIdSchema,
    contact_type: recentContactTypeSchema,
  }),
});
export type RecordRecentContactRequest = z.infer<typeof recordRecentContactRequestSchema>;

export const recentContactAnswerSchema = z.object({
  data: z.object({ user_recent_contact: recentContactSchema }),
});
export type RecentContactAnswer = z.infer<typeof recentContactAnswerSchema>;

/** One entry of Members › Favorite (DIR-17). */
export const favoriteContactSchema = z.object({
  party_id: z.number().int(),
  created_at: z.number().int(),
  party: partySummarySchema,
});
export type FavoriteContact = z.infer<typeof favoriteContactSchema>;

export const favoriteContactsAnswerSchema = z.object({
  data: z.object({ user_favorite_contacts: z.array(favoriteContactSchema) }),
});
export type FavoriteContactsAnswer = z.infer<typeof favoriteContactsAnswerSchema>;

/** `POST /user_favorite_contacts` (API-DIR-05, PARTY-03). */
export const createFavoriteContactRequestSchema = z.object({
  user_favorite_contact: z.object({ party_id: recordIdSchema }),
});
export type CreateFavoriteContactRequest = z.infer<typeof createFavoriteContactRequestSchema>;

export const favoriteContactAnswerSchema = z.object({
  data: z.object({ user_favorite_contact: partyFavoriteContactSchema }),
});
export type FavoriteContactAnswer = z.infer<typeof favoriteContactAnswerSchema>;

/** `DELETE /user_favorite_contacts/{partyId}` (API-DIR-06). */
export const favoriteContactParamsSchema = z.object({
  partyId: recordIdParamSchema,
});
