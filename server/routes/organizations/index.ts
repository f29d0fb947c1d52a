import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { organizationListSchema } from '../../../common/schemas/organization.ts';
import { VISITOR } from '../../auth/actor.ts';
import { listOrganizations, listRecognizedOrganizations } from '../../services/organizations.ts';

export function registerOrganizationRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/organizations.json',
    {
      config: { public: true },
      schema: {
        summary: 'Organisations whose members may register or reset a password',
        tags: ['organizations'],
        response: { 200: organizationListSchema },
      },
    },
    async () => ({ data: { organizations: await listOrganizations(app.services, VISITOR) } }),
  );

  api.get(
    '/organizations/recognized.json',
    {
      config: { public: true },
      schema: {
        summary: 'Organisations whose member status the status checker can look up',
        tags: ['organizations'],
        response: { 200: organizationListSchema },
      },
    },
    async () => ({
      data: { organizations: await listRecognizedOrganizations(app.services, VISITOR) },
    }),
  );
}
