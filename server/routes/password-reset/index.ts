import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  resetStepFourRequestSchema,
  resetStepOneRequestSchema,
  resetStepThreeRequestSchema,
  resetStepTwoRequestSchema,
  stepOneAnswerSchema,
  stepTwoAnswerSchema,
} from '../../../common/schemas/registration.ts';
import { signedInAnswerSchema } from '../../../common/schemas/session.ts';
import {
  CHECK_MEMBERSHIP_FIELDS,
  RESET_FLOW,
  parametersInvalid,
} from '../../services/membership-proof.ts';
import {
  resetStepFour,
  resetStepOne,
  resetStepThree,
  resetStepTwo,
} from '../../services/password-reset.ts';
import {
  MEMBERSHIP_FIELD_WORDING,
  RESET_COOKIE,
  bodyErrors,
  clearFlowCookie,
  emptyAnswerSchema,
  isSecure,
  setFlowCookie,
} from '../registration/flow-http.ts';
import { sessionMeta, setSessionCookie } from '../session/index.ts';

/**
 * Password reset, four unsigned steps (API-REG-01..04, AMB-37). The flow's state is on the
 * server and this browser holds its token in the `lodgehall_reset` cookie.
 */
export function registerPasswordResetRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const secure = isSecure(app.services.config.PUBLIC_URL);

  api.post(
    '/password_reset_request/step_one',
    {
      config: { public: true },
      attachValidation: true,
      schema: {
        summary: 'Reset step one: prove membership (organisation, number, birth date)',
        tags: ['password reset'],
        body: resetStepOneRequestSchema,
        response: { 200: stepOneAnswerSchema },
      },
    },
    async (request, reply) => {
      const errors = bodyErrors(request, MEMBERSHIP_FIELD_WORDING);
      if (errors) throw parametersInvalid(RESET_FLOW, errors, CHECK_MEMBERSHIP_FIELDS);
      const { flowToken, options } = await resetStepOne(
        app.services,
        request.actor,
        request.body.password_reset_request,
        request.cookies[RESET_COOKIE],
        request.ip,
      );
      setFlowCookie(reply, RESET_COOKIE, flowToken, secure);
      return { data: { authentication_options: options } };
    },
  );

  api.post(
    '/password_reset_request/step_two',
    {
      config: { public: true },
      schema: {
        summary: 'Reset step two: send a code to the chosen contact on file',
        tags: ['password reset'],
        body: resetStepTwoRequestSchema,
        response: { 200: stepTwoAnswerSchema },
      },
    },
    async (request) => {
      const { anonymized } = await resetStepTwo(
        app.services,
        request.actor,
        request.cookies[RESET_COOKIE],
        request.body.password_reset_request.contact_option_key,
      );
      return { data: { selected_authentication_option_anonymized: anonymized } };
    },
  );

  api.post(
    '/password_reset_request/step_three',
    {
      config: { public: true },
      schema: {
        summary: 'Reset step three: check the six-digit code',
        tags: ['password reset'],
        body: resetStepThreeRequestSchema,
        response: { 200: emptyAnswerSchema },
      },
    },
    async (request) => {
      await resetStepThree(
        app.services,
        request.actor,
        request.cookies[RESET_COOKIE],
        request.body.password_reset_request.auth_token_attempt,
      );
      return { data: {} };
    },
  );

  api.post(
    '/password_reset_request/step_four',
    {
      config: { public: true },
      schema: {
        summary: 'Reset step four: set a new password; ends every other session and signs in',
        tags: ['password reset'],
        body: resetStepFourRequestSchema,
        response: { 200: signedInAnswerSchema },
      },
    },
    async (request, reply) => {
      const input = request.body.password_reset_request;
      const { token, user, app_public_key } = await resetStepFour(
        app.services,
        request.actor,
        request.cookies[RESET_COOKIE],
        {
          code: input.auth_token_attempt,
          public_key: request.body.public_key,
          password: input.password,
          password_confirmation: input.password_confirmation,
        },
        sessionMeta(request),
      );
      clearFlowCookie(reply, RESET_COOKIE);
      setSessionCookie(app, reply, token);
      return { data: { user, app_public_key } };
    },
  );
}
