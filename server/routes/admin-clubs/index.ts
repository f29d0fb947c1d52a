import type { FastifyInstance } from 'fastify';
import { MAX_UPLOAD_REQUEST_BYTES } from '../../../common/constants.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  clubImageRequestSchema,
  clubCreateSchema,
  clubFieldsSchema,
  clubParamsSchema,
  clubTreeAnswerSchema,
  clubTreeQuerySchema,
  consoleClubAnswerSchema,
} from '../../../common/schemas/console-clubs.ts';
import {
  changeClub,
  closeClub,
  clubTree,
  consoleClub,
  createClub,
} from '../../services/console-clubs.ts';
import { setClubImage } from '../../services/console-club-images.ts';
import type { ClubImageKind } from '../../services/console-club-images.ts';

/**
 * Clubs in the console (issue 23, D68): the tree, a club's fields, a new club, a change, and
 * closing one. Member routes: the console's policy answers 403 to anyone but administrators
 * and secretaries, and 404 for a club outside a secretary's scope.
 */
export function registerAdminClubRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/admin/clubs.json',
    {
      schema: {
        summary:
          "The organisation's clubs the user manages, with their parents; closed ones marked",
        tags: ['console'],
        querystring: clubTreeQuerySchema,
        response: { 200: clubTreeAnswerSchema },
        refusals: [403, 404],
      },
    },
    async (request) => ({
      data: await clubTree(app.services, request.actor, request.query.organization_id),
    }),
  );

  api.get(
    '/admin/clubs/:id.json',
    {
      schema: {
        summary: "A club's every field a member sees, as the console edits it",
        tags: ['console'],
        params: clubParamsSchema,
        response: { 200: consoleClubAnswerSchema },
        refusals: [403, 404],
      },
    },
    async (request) => ({
      data: { club: await consoleClub(app.services, request.actor, request.params.id) },
    }),
  );

  api.post(
    '/admin/clubs.json',
    {
      schema: {
        summary:
          'Adds a club under one the user manages (an administrator anywhere, at the top too)',
        tags: ['console'],
        body: clubCreateSchema,
        response: { 200: consoleClubAnswerSchema },
        refusals: [403, 404],
      },
    },
    async (request) => {
      const { organization_id: organizationId, ...fields } = request.body;
      return {
        data: {
          club: await createClub(app.services, request.actor, organizationId, fields, request.ip),
        },
      };
    },
  );

  api.put(
    '/admin/clubs/:id.json',
    {
      schema: {
        summary: "Changes a club's fields; a parent that would make a cycle is refused",
        tags: ['console'],
        params: clubParamsSchema,
        body: clubFieldsSchema,
        response: { 200: consoleClubAnswerSchema },
        refusals: [403, 404],
      },
    },
    async (request) => ({
      data: {
        club: await changeClub(
          app.services,
          request.actor,
          request.params.id,
          request.body,
          request.ip,
        ),
      },
    }),
  );

  api.post(
    '/admin/clubs/:id/close.json',
    {
      schema: {
        summary:
          'Closes a club: it leaves lodge search and the pickers; its posts, events and history stay',
        tags: ['console'],
        params: clubParamsSchema,
        response: { 200: consoleClubAnswerSchema },
        refusals: [403, 404],
      },
    },
    async (request) => ({
      data: { club: await closeClub(app.services, request.actor, request.params.id, request.ip) },
    }),
  );

  const images: readonly [ClubImageKind, string][] = [
    ['avatar', "Sets the club's emblem (JPEG, PNG or GIF, its type read from the bytes)"],
    ['map_image', "Sets the club's map image, shown at 400 by 400 on its page"],
  ];
  for (const [kind, summary] of images) {
    api.put(
      `/admin/clubs/:id/${kind}.json`,
      {
        bodyLimit: MAX_UPLOAD_REQUEST_BYTES,
        schema: {
          summary,
          tags: ['console'],
          params: clubParamsSchema,
          body: clubImageRequestSchema,
          response: { 200: consoleClubAnswerSchema },
          refusals: [403, 404],
        },
      },
      async (request) => ({
        data: {
          club: await setClubImage(
            app.services,
            request.actor,
            request.params.id,
            kind,
            request.body,
            request.ip,
          ),
        },
      }),
    );
  }
}
