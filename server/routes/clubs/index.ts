import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  clubAnswerSchema,
  clubBySubdomainQuerySchema,
  clubListAnswerSchema,
  clubListQuerySchema,
  favoriteClubAnswerSchema,
  favoriteClubParamsSchema,
  favoriteClubRequestSchema,
  favoriteClubsAnswerSchema,
} from '../../../common/schemas/club.ts';
import {
  addFavoriteClub,
  getClubBySubdomain,
  listClubsByCity,
  listFavoriteClubs,
  removeFavoriteClub,
  searchClubs,
} from '../../services/clubs.ts';

/**
 * Clubs (§7 Clubs and memberships; API-CLUB-02, -05..09): a club's home, lodge search, By City
 * and the favourite lodges. Signed member routes: the auth plugin guards them.
 */
export function registerClubRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/clubs/by_subdomain.json',
    {
      schema: {
        summary:
          "A club's home: every field of the club, its officers, group, next event and latest post",
        tags: ['clubs'],
        querystring: clubBySubdomainQuerySchema,
        response: { 200: clubAnswerSchema },
        refusals: [404],
      },
    },
    async (request) => ({
      data: {
        club: await getClubBySubdomain(app.services, request.actor, request.query.subdomain),
      },
    }),
  );

  api.get(
    '/clubs.json',
    {
      schema: {
        summary: 'Lodges found by name, formal name or city (search_text), or all lodges by city',
        tags: ['clubs'],
        querystring: clubListQuerySchema,
        response: { 200: clubListAnswerSchema },
      },
    },
    async (request) => {
      const { by_city: byCity, search_text: text = '', page } = request.query;
      return {
        data:
          byCity === 'true'
            ? await listClubsByCity(app.services, request.actor)
            : await searchClubs(app.services, request.actor, text, page),
      };
    },
  );

  api.get(
    '/favorite_clubs.json',
    {
      schema: {
        summary: "The member's favourite lodges: those they follow and those they belong to",
        tags: ['clubs'],
        response: { 200: favoriteClubsAnswerSchema },
      },
    },
    async (request) => ({
      data: { favorite_clubs: await listFavoriteClubs(app.services, request.actor) },
    }),
  );

  api.post(
    '/favorite_clubs.json',
    {
      schema: {
        summary: 'Follow a lodge; following it again changes nothing',
        tags: ['clubs'],
        body: favoriteClubRequestSchema,
        response: { 200: favoriteClubAnswerSchema },
        refusals: [404],
      },
    },
    async (request) => ({
      data: {
        favorite_club: await addFavoriteClub(
          app.services,
          request.actor,
          request.body.favorite_club.club_id,
        ),
      },
    }),
  );

  api.delete(
    '/favorite_clubs/:clubId',
    {
      schema: {
        summary: 'Stop following a lodge (a lodge one belongs to stays a favourite)',
        tags: ['clubs'],
        params: favoriteClubParamsSchema,
        response: { 204: z.undefined() },
        refusals: [404],
      },
    },
    async (request, reply) => {
      await removeFavoriteClub(app.services, request.actor, request.params.clubId);
      return reply.code(204).send();
    },
  );
}
