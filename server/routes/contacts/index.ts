import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  contactInfoAnswerSchema,
  updateContactInfoRequestSchema,
} from '../../../common/schemas/contact-info.ts';
import { getContactInfo, replaceContactInfo } from '../../services/contact-info.ts';

/**
 * The member's own contact information (§7 Account; API-ACCT-03/04, docs/decisions.md D49).
 * Signed member routes: the auth plugin guards them. The body's shape is checked here; the
 * rules of §5 by the service, so their 422s carry entry fields such as `addresses.0.zip`.
 */
export function registerContactRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/contacts.json',
    {
      schema: {
        summary: "The member's addresses, e-mails and phones, with the countries and contact types",
        tags: ['account'],
        response: { 200: contactInfoAnswerSchema },
      },
    },
    async (request) => ({ data: await getContactInfo(app.services, request.actor) }),
  );

  api.put(
    '/contacts.json',
    {
      schema: {
        summary: "Replace the member's whole set of addresses, e-mails and phones",
        tags: ['account'],
        body: updateContactInfoRequestSchema,
        response: { 200: contactInfoAnswerSchema },
      },
    },
    async (request) => ({
      data: await replaceContactInfo(app.services, request.actor, request.body.contact_metadata),
    }),
  );
}
