import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  consoleOrganizationAnswerSchema,
  organizationParamsSchema,
  organizationSettingsSchema,
} from '../../../common/schemas/console-clubs.ts';
import {
  changeOrganization,
  consoleOrganization,
  createOrganization,
} from '../../services/console-organizations.ts';

/**
 * The organisation's settings in the console (issue 23, D68): read by its console users,
 * changed by an administrator or its grand secretary, created by administrators only.
 */
export function registerAdminOrganizationRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/admin/organizations/:id.json',
    {
      schema: {
        summary:
          "An organisation's settings: name, member-number rule, recognised, levels, status titles and colours",
        tags: ['console'],
        params: organizationParamsSchema,
        response: { 200: consoleOrganizationAnswerSchema },
        refusals: [403, 404],
      },
    },
    async (request) => ({
      data: {
        organization: await consoleOrganization(app.services, request.actor, request.params.id),
      },
    }),
  );

  api.put(
    '/admin/organizations/:id.json',
    {
      schema: {
        summary:
          "Changes an organisation's settings (an administrator or its grand secretary); a level still used by clubs is kept",
        tags: ['console'],
        params: organizationParamsSchema,
        body: organizationSettingsSchema,
        response: { 200: consoleOrganizationAnswerSchema },
        refusals: [403, 404],
      },
    },
    async (request) => ({
      data: {
        organization: await changeOrganization(
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
    '/admin/organizations.json',
    {
      config: { admin: true },
      schema: {
        summary: 'Creates an organisation with its levels and status looks (administrators only)',
        tags: ['console'],
        body: organizationSettingsSchema,
        response: { 200: consoleOrganizationAnswerSchema },
        refusals: [403],
      },
    },
    async (request) => ({
      data: {
        organization: await createOrganization(
          app.services,
          request.actor,
          request.body,
          request.ip,
        ),
      },
    }),
  );
}
