import { z } from 'zod';
import { avatarSchema } from './session.ts';

/**
 * The member's own avatar (§7 Account; API-ACCT-05, API-ACCT-06). The name and the claimed type
 * are labels only: the server reads the type from the bytes (AMB-18).
 */
export const partyAvatarRequestSchema = z.object({
  party: z.object({
    avatar_file_name: z.string().max(255),
    avatar_content_type: z.string().max(100),
    avatar_base64: z.string().min(1),
  }),
});
export type PartyAvatarRequest = z.infer<typeof partyAvatarRequestSchema>;

/** `data.avatar`: the new avatar after PUT, null after DELETE (the same shape a Party carries). */
export const partyAvatarAnswerSchema = z.object({
  data: z.object({ avatar: avatarSchema.nullable() }),
});
export type PartyAvatarAnswer = z.infer<typeof partyAvatarAnswerSchema>;

/** The field a refused avatar's messages come under (VAL-02, the size limits). */
export const AVATAR_ERROR_FIELD = 'avatar';
