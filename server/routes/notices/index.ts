import type { FastifyInstance } from 'fastify';

/** Placeholder of issue 13: the notices work (GET /notices.json, PUT /notices/{id}/mark_read) registers these routes. */
export function registerNoticeRoutes(api: FastifyInstance): void {
  void api;
}
