import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { passwordSettingRequestSchema } from '../../../common/schemas/session.ts';
import { ValidationError } from '../../errors.ts';
import { bodyErrors, emptyAnswerSchema } from '../../http/forms.ts';
import { changePassword } from '../../services/passwords.ts';

/** Change password (PWD-02, API-REG-10): signed; ends the member's other sessions. */
export function registerPasswordSettingsRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/password_settings',
    {
      attachValidation: true,
      schema: {
        summary: 'Change password: current password, new password and its confirmation',
        tags: ['account'],
        body: passwordSettingRequestSchema,
        response: { 200: emptyAnswerSchema },
        refusals: [429],
      },
    },
    async (request) => {
      const errors = bodyErrors(request);
      if (errors) throw new ValidationError(errors);
      await changePassword(
        app.services,
        request.actor,
        request.session?.id ?? null,
        request.body.password_setting,
        request.ip,
      );
      return { data: {} };
    },
  );
}
