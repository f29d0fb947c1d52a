import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../common/constants.ts';
import { registerOrganizationRoutes } from './organizations/index.ts';

/** Every API resource, each in its own folder, under the one API prefix. */
export async function registerApiRoutes(app: FastifyInstance): Promise<void> {
  await app.register(
    async (api) => {
      registerOrganizationRoutes(api);
    },
    { prefix: API_PREFIX },
  );
}
