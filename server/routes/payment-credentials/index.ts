import type { FastifyInstance } from 'fastify';

/** Placeholder of issue 13: the dues and payments work (GET and DELETE /payment_credentials) registers these routes. */
export function registerPaymentCredentialRoutes(api: FastifyInstance): void {
  void api;
}
