import type { FastifyInstance } from 'fastify';

/** Placeholder of issue 13: the avatar work (PUT and DELETE /party_avatar) registers these routes. */
export function registerPartyAvatarRoutes(api: FastifyInstance): void {
  void api;
}
