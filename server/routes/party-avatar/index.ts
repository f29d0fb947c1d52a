import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MAX_UPLOAD_REQUEST_BYTES } from '../../../common/constants.ts';
import {
  partyAvatarAnswerSchema,
  partyAvatarRequestSchema,
} from '../../../common/schemas/party-avatar.ts';
import { removeAvatar, setAvatar } from '../../services/party-avatar.ts';

/**
 * The member's own avatar (§7 Account; API-ACCT-05, API-ACCT-06; docs/decisions.md D51).
 * Signed member routes: the auth plugin guards them.
 */
export function registerPartyAvatarRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.put(
    '/party_avatar',
    {
      bodyLimit: MAX_UPLOAD_REQUEST_BYTES,
      schema: {
        summary:
          "Set the member's avatar: type read from the bytes, re-encoded without metadata, cropped square",
        tags: ['account'],
        body: partyAvatarRequestSchema,
        response: { 200: partyAvatarAnswerSchema },
      },
    },
    async (request) => ({
      data: { avatar: await setAvatar(app.services, request.actor, request.body.party) },
    }),
  );

  api.delete(
    '/party_avatar',
    {
      schema: {
        summary: "Remove the member's avatar; the initials show again",
        tags: ['account'],
        response: { 200: partyAvatarAnswerSchema },
      },
    },
    async (request) => {
      await removeAvatar(app.services, request.actor);
      return { data: { avatar: null } };
    },
  );
}
