import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createFavoriteContactRequestSchema,
  favoriteContactAnswerSchema,
  favoriteContactParamsSchema,
  favoriteContactsAnswerSchema,
  recentContactAnswerSchema,
  recentContactsAnswerSchema,
  recordRecentContactRequestSchema,
} from '../../../common/schemas/party.ts';
import {
  addFavoriteContact,
  listFavoriteContacts,
  listRecentContacts,
  recordRecentContact,
  removeFavoriteContact,
} from '../../services/contacts.ts';

/**
 * The member's own contact lists (§7 Contacts and members; API-DIR-03..06): Members › Recent
 * and Members › Favorite. Signed member routes: the auth plugin guards them.
 */
export function registerUserContactRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/user_recent_contacts.json',
    {
      schema: {
        summary: 'Members › Recent: the latest 50 members the caller reached, newest first',
        tags: ['directory'],
        response: { 200: recentContactsAnswerSchema },
      },
    },
    async (request) => ({
      data: { user_recent_contacts: await listRecentContacts(app.services, request.actor) },
    }),
  );

  api.post(
    '/user_recent_contacts.json',
    {
      schema: {
        summary: 'Record that the caller called or e-mailed a member (one entry per member)',
        tags: ['directory'],
        body: recordRecentContactRequestSchema,
        response: { 200: recentContactAnswerSchema },
        refusals: [404],
      },
    },
    async (request) => {
      const { party_id, contact_type } = request.body.user_recent_contact;
      return {
        data: {
          user_recent_contact: await recordRecentContact(
            app.services,
            request.actor,
            party_id,
            contact_type,
          ),
        },
      };
    },
  );

  api.get(
    '/user_favorite_contacts.json',
    {
      schema: {
        summary: "Members › Favorite: the caller's favourite members, by last name",
        tags: ['directory'],
        response: { 200: favoriteContactsAnswerSchema },
      },
    },
    async (request) => ({
      data: { user_favorite_contacts: await listFavoriteContacts(app.services, request.actor) },
    }),
  );

  api.post(
    '/user_favorite_contacts',
    {
      schema: {
        summary: 'Make a member a favourite; a second call answers the same mark',
        tags: ['directory'],
        body: createFavoriteContactRequestSchema,
        response: { 200: favoriteContactAnswerSchema },
        refusals: [404],
      },
    },
    async (request) => ({
      data: {
        user_favorite_contact: await addFavoriteContact(
          app.services,
          request.actor,
          request.body.user_favorite_contact.party_id,
        ),
      },
    }),
  );

  api.delete(
    '/user_favorite_contacts/:partyId',
    {
      schema: {
        summary: 'No longer a favourite; 204 also when the member was not one',
        tags: ['directory'],
        params: favoriteContactParamsSchema,
        response: { 204: z.undefined() },
      },
    },
    async (request, reply) => {
      await removeFavoriteContact(app.services, request.actor, request.params.partyId);
      return reply.code(204).send();
    },
  );
}
