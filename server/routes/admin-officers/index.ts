import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  clubOfficersAnswerSchema,
  clubOfficersQuerySchema,
  officerPositionCreateSchema,
  officerPositionOrderSchema,
  officerPositionUpdateSchema,
  officerRecordParamsSchema,
  officerTermCreateSchema,
  officerTermUpdateSchema,
} from '../../../common/schemas/console-officers.ts';
import {
  addOfficerPosition,
  appointOfficer,
  changeOfficerPosition,
  changeOfficerTerm,
  clubOfficers,
  removeOfficerPosition,
  reorderOfficerPositions,
} from '../../services/console-officers.ts';

/**
 * A club's officers in the console (issue 23, D69): positions, their order, holders and terms.
 * Member routes: administrators and a secretary of the club pass (the console's policy: 403 for
 * anyone else, 404 for a club outside their scope). Every write answers the club's officers.
 */
export function registerAdminOfficerRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const answer = { 200: clubOfficersAnswerSchema };

  api.get(
    '/admin/officers.json',
    {
      schema: {
        summary: "A club's officer positions in order, with current holders and history",
        tags: ['console'],
        querystring: clubOfficersQuerySchema,
        response: answer,
        refusals: [403, 404],
      },
    },
    async (request) => ({
      data: await clubOfficers(app.services, request.actor, request.query.club_id),
    }),
  );

  api.post(
    '/admin/officer_positions.json',
    {
      schema: {
        summary: 'Adds an officer position to a club, last in order',
        tags: ['console'],
        body: officerPositionCreateSchema,
        response: answer,
        refusals: [403, 404],
      },
    },
    async (request) => ({
      data: await addOfficerPosition(app.services, request.actor, request.body, request.ip),
    }),
  );

  api.put(
    '/admin/officer_position_order.json',
    {
      schema: {
        summary: "Puts a club's officer positions in use in the order given",
        tags: ['console'],
        body: officerPositionOrderSchema,
        response: answer,
        refusals: [403, 404],
      },
    },
    async (request) => ({
      data: await reorderOfficerPositions(app.services, request.actor, request.body, request.ip),
    }),
  );

  api.put(
    '/admin/officer_positions/:id.json',
    {
      schema: {
        summary: 'Renames an officer position, retires it, or brings it back',
        tags: ['console'],
        params: officerRecordParamsSchema,
        body: officerPositionUpdateSchema,
        response: answer,
        refusals: [403, 404],
      },
    },
    async (request) => ({
      data: await changeOfficerPosition(
        app.services,
        request.actor,
        request.params.id,
        request.body,
        request.ip,
      ),
    }),
  );

  api.delete(
    '/admin/officer_positions/:id.json',
    {
      schema: {
        summary: 'Removes an officer position that never had a holder',
        tags: ['console'],
        params: officerRecordParamsSchema,
        response: answer,
        refusals: [403, 404],
      },
    },
    async (request) => ({
      data: await removeOfficerPosition(app.services, request.actor, request.params.id, request.ip),
    }),
  );

  api.post(
    '/admin/officer_terms.json',
    {
      schema: {
        summary: 'Appoints an officer: a member of the roster, or a name, from a date',
        tags: ['console'],
        body: officerTermCreateSchema,
        response: answer,
        refusals: [403, 404],
      },
    },
    async (request) => ({
      data: await appointOfficer(app.services, request.actor, request.body, request.ip),
    }),
  );

  api.put(
    '/admin/officer_terms/:id.json',
    {
      schema: {
        summary: "Corrects an officer term's dates, or ends it",
        tags: ['console'],
        params: officerRecordParamsSchema,
        body: officerTermUpdateSchema,
        response: answer,
        refusals: [403, 404],
      },
    },
    async (request) => ({
      data: await changeOfficerTerm(
        app.services,
        request.actor,
        request.params.id,
        request.body,
        request.ip,
      ),
    }),
  );
}
