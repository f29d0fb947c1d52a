import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  registrationStepFourRequestSchema,
  registrationStepOneRequestSchema,
  registrationStepThreeRequestSchema,
  registrationStepTwoRequestSchema,
  stepOneAnswerSchema,
  stepTwoAnswerSchema,
} from '../../../common/schemas/registration.ts';
import { signedInAnswerSchema } from '../../../common/schemas/session.ts';
import {
  CHECK_MEMBERSHIP_FIELDS,
  REGISTRATION_FLOW,
  parametersInvalid,
} from '../../services/membership-proof.ts';
import {
  registrationStepFour,
  registrationStepOne,
  registrationStepThree,
  registrationStepTwo,
} from '../../services/registration.ts';
import { sessionMeta, setSessionCookie } from '../session/index.ts';
import {
  MEMBERSHIP_FIELD_WORDING,
  REGISTRATION_COOKIE,
  bodyErrors,
  clearFlowCookie,
  emptyAnswerSchema,
  isSecure,
  setFlowCookie,
} from './flow-http.ts';

/**
 * Registration, four unsigned steps (API-REG-05..08, AMB-37). The flow's state is on the server
 * and this browser holds its token in the `lodgehall_registration` cookie.
 */
export function registerRegistrationRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const secure = isSecure(app.services.config.PUBLIC_URL);

  api.post(
    '/users/step_one',
    {
      config: { public: true },
      attachValidation: true,
      schema: {
        summary: 'Registration step one: prove membership (organisation, number, birth date)',
        tags: ['registration'],
        body: registrationStepOneRequestSchema,
        response: { 200: stepOneAnswerSchema },
      },
    },
    async (request, reply) => {
      const errors = bodyErrors(request, MEMBERSHIP_FIELD_WORDING);
      if (errors) throw parametersInvalid(REGISTRATION_FLOW, errors, CHECK_MEMBERSHIP_FIELDS);
      const { flowToken, options } = await registrationStepOne(
        app.services,
        request.actor,
        request.body.new_user,
        request.cookies[REGISTRATION_COOKIE],
        request.ip,
      );
      setFlowCookie(reply, REGISTRATION_COOKIE, flowToken, secure);
      return { data: { authentication_options: options } };
    },
  );

  api.post(
    '/users/step_two',
    {
      config: { public: true },
      schema: {
        summary: 'Registration step two: send a code to the chosen contact on file',
        tags: ['registration'],
        body: registrationStepTwoRequestSchema,
        response: { 200: stepTwoAnswerSchema },
      },
    },
    async (request) => {
      const { anonymized } = await registrationStepTwo(
        app.services,
        request.actor,
        request.cookies[REGISTRATION_COOKIE],
        request.body.contact_option_choice.id,
      );
      return { data: { selected_authentication_option_anonymized: anonymized } };
    },
  );

  api.post(
    '/users/step_three',
    {
      config: { public: true },
      schema: {
        summary: 'Registration step three: check the six-digit code',
        tags: ['registration'],
        body: registrationStepThreeRequestSchema,
        response: { 200: emptyAnswerSchema },
      },
    },
    async (request) => {
      await registrationStepThree(
        app.services,
        request.actor,
        request.cookies[REGISTRATION_COOKIE],
        request.body.authentication_code.code,
      );
      return { data: {} };
    },
  );

  api.post(
    '/users/step_four',
    {
      config: { public: true },
      schema: {
        summary: 'Registration step four: choose username and password; signs in',
        tags: ['registration'],
        body: registrationStepFourRequestSchema,
        response: { 200: signedInAnswerSchema },
      },
    },
    async (request, reply) => {
      const { token, user, app_public_key } = await registrationStepFour(
        app.services,
        request.actor,
        request.cookies[REGISTRATION_COOKIE],
        {
          code: request.body.authentication_code.code,
          public_key: request.body.public_key,
          username: request.body.user.username,
          password: request.body.user.password,
        },
        sessionMeta(request),
      );
      clearFlowCookie(reply, REGISTRATION_COOKIE);
      setSessionCookie(app, reply, token);
      return { data: { user, app_public_key } };
    },
  );
}
