import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BASE_PATH } from '../../../common/constants.ts';
import {
  mailSettingsAnswerSchema,
  mailSettingsRequestSchema,
  UNSUBSCRIBE_PATH,
  unsubscribeAnswerSchema,
  unsubscribeQuerySchema,
  unsubscribeRequestSchema,
  unsubscribeTokenSchema,
} from '../../../common/schemas/mail-settings.ts';
import { changeMailSettings, getMailSettings } from '../../services/mail-settings.ts';
import { unsubscribe, unsubscribeState } from '../../services/unsubscribe.ts';
import { AppError } from '../../errors.ts';
import { UNSUBSCRIBE_LINK_INVALID } from '../../../common/messages.ts';

/**
 * The member's e-mail settings (issue 25, D81), signed; and the unsubscribe link's two public
 * calls, whose token is the key (the page at /app/unsubscribe makes them).
 */
export function registerMailSettingsRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/mail_settings.json',
    {
      schema: {
        summary: "The member's e-mail settings: notices, announcements, reminders (D81)",
        tags: ['account'],
        response: { 200: mailSettingsAnswerSchema },
      },
    },
    async (request) => ({
      data: { mail_settings: await getMailSettings(app.services, request.actor) },
    }),
  );

  api.put(
    '/mail_settings.json',
    {
      schema: {
        summary: 'Change some or all of the e-mail settings; answers all of them',
        tags: ['account'],
        body: mailSettingsRequestSchema,
        response: { 200: mailSettingsAnswerSchema },
      },
    },
    async (request) => ({
      data: {
        mail_settings: await changeMailSettings(
          app.services,
          request.actor,
          request.body.mail_settings,
        ),
      },
    }),
  );

  api.get(
    '/unsubscribe.json',
    {
      config: { public: true },
      schema: {
        summary: "What an e-mail's unsubscribe link turns off; 404 for a link not made here",
        tags: ['account'],
        querystring: unsubscribeQuerySchema,
        response: { 200: unsubscribeAnswerSchema },
        refusals: [404],
      },
    },
    async (request) => ({
      data: { unsubscribe: await unsubscribeState(app.services, request.query.token) },
    }),
  );

  api.post(
    '/unsubscribe.json',
    {
      config: { public: true },
      schema: {
        summary: "Turns off what an e-mail's unsubscribe link names, without signing in",
        tags: ['account'],
        body: unsubscribeRequestSchema,
        response: { 200: unsubscribeAnswerSchema },
        refusals: [404],
      },
    },
    async (request) => ({
      data: { unsubscribe: await unsubscribe(app.services, request.body.token) },
    }),
  );
}

/** Where a mail's `List-Unsubscribe` points: the page on GET, the one-click POST here. */
export const ONE_CLICK_UNSUBSCRIBE_PATH = `${BASE_PATH}${UNSUBSCRIBE_PATH}`;

/**
 * POST /app/unsubscribe?token=… (RFC 8058): a mail program's one-click unsubscribe, with no
 * session, no page and no JavaScript; the body is `List-Unsubscribe=One-Click` as a form
 * (either form encoding), read and otherwise ignored: the signed token is the key. A GET of the
 * same address is the web app's page (plugins/spa.ts).
 */
export function registerOneClickUnsubscribeRoute(app: FastifyInstance): void {
  void app.register(async (scope) => {
    // RFC 8058 §3.1: multipart/form-data, or application/x-www-form-urlencoded.
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
      scope.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_r, _b, done) => {
        done(null, undefined);
      });
    }
    scope.post<{ Querystring: { token?: string } }>(
      ONE_CLICK_UNSUBSCRIBE_PATH,
      { schema: { hide: true } },
      async (request, reply) => {
        const token = unsubscribeTokenSchema.safeParse(request.query.token);
        if (!token.success)
          throw new AppError(404, 'unsubscribe-link-invalid', UNSUBSCRIBE_LINK_INVALID);
        const state = await unsubscribe(app.services, token.data);
        return reply.header('cache-control', 'no-store').send({ data: { unsubscribe: state } });
      },
    );
  });
}
