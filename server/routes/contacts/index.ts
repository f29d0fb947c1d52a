import type { FastifyInstance } from 'fastify';

/** Placeholder of issue 13: the contacts work (GET and PUT /contacts.json) registers these routes. */
export function registerContactRoutes(api: FastifyInstance): void {
  void api;
}
