import type { FastifyInstance } from 'fastify';
import {
  resetStepFourRequestSchema,
  resetStepOneRequestSchema,
  resetStepThreeRequestSchema,
  resetStepTwoRequestSchema,
} from '../../../common/schemas/registration.ts';
import { registerMembershipFlowRoutes } from '../../http/membership-flow-routes.ts';
import { PASSWORD_RESET, resetStepFour } from '../../services/password-reset.ts';

/** Password reset, four unsigned steps (API-REG-01..04) in the `lodgehall_reset` cookie. */
export function registerPasswordResetRoutes(app: FastifyInstance): void {
  registerMembershipFlowRoutes(app, {
    flow: PASSWORD_RESET,
    path: '/password_reset_request',
    cookie: 'lodgehall_reset',
    tag: 'password reset',
    title: 'Reset',
    stepOne: { body: resetStepOneRequestSchema, proof: (body) => body.password_reset_request },
    stepTwo: {
      body: resetStepTwoRequestSchema,
      optionKey: (body) => body.password_reset_request.contact_option_key,
    },
    stepThree: {
      body: resetStepThreeRequestSchema,
      code: (body) => body.password_reset_request.auth_token_attempt,
    },
    stepFour: {
      summary: 'Reset step four: set a new password; ends every other session and signs in',
      body: resetStepFourRequestSchema,
      finish: (ctx, actor, flowToken, { public_key, password_reset_request: input }, meta) =>
        resetStepFour(
          ctx,
          actor,
          flowToken,
          {
            code: input.auth_token_attempt,
            public_key,
            password: input.password,
            password_confirmation: input.password_confirmation,
          },
          meta,
        ),
    },
  });
}
