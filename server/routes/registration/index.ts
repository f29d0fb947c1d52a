import type { FastifyInstance } from 'fastify';
import {
  registrationStepFourRequestSchema,
  registrationStepOneRequestSchema,
  registrationStepThreeRequestSchema,
  registrationStepTwoRequestSchema,
} from '../../../common/schemas/registration.ts';
import { registerMembershipFlowRoutes } from '../../http/membership-flow-routes.ts';
import { REGISTRATION, registrationStepFour } from '../../services/registration.ts';

/** Registration, four unsigned steps (API-REG-05..08) in the `lodgehall_registration` cookie. */
export function registerRegistrationRoutes(app: FastifyInstance): void {
  registerMembershipFlowRoutes(app, {
    flow: REGISTRATION,
    path: '/users',
    cookie: 'lodgehall_registration',
    tag: 'registration',
    title: 'Registration',
    stepOne: { body: registrationStepOneRequestSchema, proof: (body) => body.new_user },
    stepTwo: {
      body: registrationStepTwoRequestSchema,
      optionKey: (body) => body.contact_option_choice.id,
    },
    stepThree: {
      body: registrationStepThreeRequestSchema,
      code: (body) => body.authentication_code.code,
    },
    stepFour: {
      summary: 'Registration step four: choose username and password; signs in',
      body: registrationStepFourRequestSchema,
      finish: (ctx, actor, flowToken, body, meta) =>
        registrationStepFour(
          ctx,
          actor,
          flowToken,
          {
            code: body.authentication_code.code,
            public_key: body.public_key,
            username: body.user.username,
            password: body.user.password,
          },
          meta,
        ),
    },
  });
}
