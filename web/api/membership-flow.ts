import {
  stepOneAnswerSchema,
  stepTwoAnswerSchema,
  type AuthenticationOption,
  type MembershipProof,
} from '../../common/schemas/registration.ts';
import { apiRequest } from '../http/client.ts';

/**
 * The calls of registration (`/users/step_*`) and password reset
 * (`/password_reset_request/step_*`) (§7, API-REG-01..08, AMB-37): all POST and unsigned
 * (AMB-51). The server keeps the flow's state in an HttpOnly cookie, so each step only sends
 * what its form holds. A failure rejects with the client's ApiError; flow-errors.ts decides
 * what it means.
 */
export type FlowKind = 'register' | 'reset';

export interface StepFourInput {
  code: string;
  /** Registration only. */
  username: string;
  password: string;
  /** Reset sends it; registration checks it in the browser only (AMB-19). */
  passwordConfirmation: string;
  publicKey: string;
}

export interface MembershipFlowApi {
  stepOne(proof: MembershipProof): Promise<AuthenticationOption[]>;
  stepTwo(optionKey: string): Promise<string>;
  stepThree(code: string): Promise<void>;
  /** Resolves with the raw `{data: {user, app_public_key}}` answer. */
  stepFour(input: StepFourInput): Promise<unknown>;
}

const UNSIGNED = { signed: false, handleUnauthorized: false } as const;

function post(path: string, body: unknown): Promise<unknown> {
  return apiRequest<unknown>('POST', path, { ...UNSIGNED, body });
}

export const registrationApi: MembershipFlowApi = {
  async stepOne(proof) {
    const answer = await post('/users/step_one', { new_user: proof });
    return stepOneAnswerSchema.parse(answer).data.authentication_options;
  },
  async stepTwo(optionKey) {
    const answer = await post('/users/step_two', { contact_option_choice: { id: optionKey } });
    return stepTwoAnswerSchema.parse(answer).data.selected_authentication_option_anonymized;
  },
  async stepThree(code) {
    await post('/users/step_three', { authentication_code: { code } });
  },
  stepFour(input) {
    return post('/users/step_four', {
      authentication_code: { code: input.code },
      public_key: input.publicKey,
      user: { username: input.username, password: input.password },
    });
  },
};

export const resetApi: MembershipFlowApi = {
  async stepOne(proof) {
    const answer = await post('/password_reset_request/step_one', {
      password_reset_request: proof,
    });
    return stepOneAnswerSchema.parse(answer).data.authentication_options;
  },
  async stepTwo(optionKey) {
    const answer = await post('/password_reset_request/step_two', {
      password_reset_request: { contact_option_key: optionKey },
    });
    return stepTwoAnswerSchema.parse(answer).data.selected_authentication_option_anonymized;
  },
  async stepThree(code) {
    await post('/password_reset_request/step_three', {
      password_reset_request: { auth_token_attempt: code },
    });
  },
  stepFour(input) {
    return post('/password_reset_request/step_four', {
      public_key: input.publicKey,
      password_reset_request: {
        auth_token_attempt: input.code,
        password: input.password,
        password_confirmation: input.passwordConfirmation,
      },
    });
  },
};

export function membershipFlowApi(kind: FlowKind): MembershipFlowApi {
  return kind === 'register' ? registrationApi : resetApi;
}
