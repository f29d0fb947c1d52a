import type { FastifyInstance } from 'fastify';

/** Placeholder of issue 13: the status checker work (POST /member_status_validations) registers these routes. */
export function registerMemberStatusRoutes(api: FastifyInstance): void {
  void api;
}
