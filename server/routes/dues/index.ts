import type { FastifyInstance } from 'fastify';

/** Placeholder of issue 13: the dues and payments work (GET /club_dues, GET /dues_payments/{clubId}/edit) registers these routes. */
export function registerDuesRoutes(api: FastifyInstance): void {
  void api;
}
