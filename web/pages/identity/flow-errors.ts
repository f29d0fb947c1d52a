import {
  AUTHENTICATION_CODE_BLANK,
  AUTHENTICATION_CODE_INVALID,
  authenticationOptionSchema,
  clubContactSchema,
  CONTACT_OPTION_CHOICE_NOT_AVAILABLE,
  FLOW_ERRORS,
  PASSWORD_PARAMETERS_INVALID,
  USER_PARAMS_INVALID,
  type AuthenticationOption,
  type ClubContact,
} from '../../../common/schemas/registration.ts';
import {
  CHOICE_NOT_AVAILABLE,
  CODE_BLANK,
  CODE_INVALID,
  FLOW_STEP_FAILED,
} from '../../../common/messages.ts';
import { isApiError, type ApiError } from '../../http/client.ts';
import type { FlowKind } from '../../api/membership-flow.ts';

/**
 * What a failed step of registration or reset means for the screen (§8 "Sign-in,
 * registration and reset", ERR-43..ERR-54, REG-13). The problem `type` is matched on its last
 * segment (ERR-43). A pure function of the flow, the step and the error, so it is tested alone.
 */

export type FlowStep = 1 | 2 | 3 | 4;

/** The form fields of the four steps; `base` is the danger alert (ERR-06). */
export type FlowField =
  | 'organization_id'
  | 'member_number'
  | 'birth_date'
  | 'contact'
  | 'code'
  | 'username'
  | 'password'
  | 'password_confirmation'
  | 'base';

export type FlowFieldErrors = Partial<Record<FlowField, string[]>>;

export type FlowErrorAction =
  /** Field errors under the fields and base errors in the danger alert; stay (ERR-45, -51, -53). */
  | { kind: 'fields'; errors: FlowFieldErrors }
  /** `*-invalid-verification-service`: the errors in a banner; stay (ERR-44). */
  | { kind: 'banner'; messages: string[] }
  /** `*-not-reachable`: the title, and whom to call (ERR-46..48); stay. */
  | { kind: 'notReachable'; title: string; contact: ClubContact | null }
  /** Another step-one error: its title (ERR-49); stay. */
  | { kind: 'message'; text: string }
  /** `contact-option-choice-not-available`: new options, the first preselected (ERR-50). */
  | { kind: 'refreshOptions'; options: AuthenticationOption[]; errors: FlowFieldErrors }
  /** 429: a plain message with the wait; stay. */
  | { kind: 'limited'; retryAfterSeconds: number | null }
  /** No answer or a server failure at step one: the global dialog has said it; stay. */
  | { kind: 'none' }
  /** Any other failure in steps 2 to 4: back to step 1 (ERR-54). */
  | { kind: 'restart' }
  /** A code error at step four: the flow resets and the member goes to / (ERR-52). */
  | { kind: 'restartHome' };

/** The server's field names (the last segment of the field's path, D5) to the form's. */
const FIELD_NAMES: Readonly<Record<string, FlowField>> = {
  organization_id: 'organization_id',
  member_number: 'member_number',
  birth_date: 'birth_date',
  id: 'contact',
  contact_option_key: 'contact',
  contact_option_choice: 'contact',
  code: 'code',
  auth_token_attempt: 'code',
  authentication_code: 'code',
  username: 'username',
  password: 'password',
  password_confirmation: 'password_confirmation',
  base: 'base',
};

/** Field errors keyed by the form's names; anything the form has no field for goes to base. */
export function toFlowFieldErrors(
  error: ApiError,
  fieldsOfStep: readonly FlowField[],
): FlowFieldErrors {
  const result: FlowFieldErrors = {};
  for (const [serverField, messages] of Object.entries(error.errors ?? {})) {
    if (messages.length === 0) continue;
    const mapped = FIELD_NAMES[serverField];
    const field: FlowField = mapped && fieldsOfStep.includes(mapped) ? mapped : 'base';
    result[field] = [...(result[field] ?? []), ...messages];
  }
  return result;
}

const STEP_FIELDS: Readonly<Record<FlowStep, readonly FlowField[]>> = {
  1: ['organization_id', 'member_number', 'birth_date'],
  2: ['contact'],
  3: ['code'],
  4: ['username', 'password', 'password_confirmation'],
};

function hasAny(errors: FlowFieldErrors): boolean {
  return Object.values(errors).some((messages) => messages.length > 0);
}

function bodyField(error: ApiError, name: string): unknown {
  const body = error.body;
  return typeof body === 'object' && body !== null
    ? (body as Record<string, unknown>)[name]
    : undefined;
}

function stepOneAction(kind: FlowKind, error: ApiError): FlowErrorAction {
  const names = FLOW_ERRORS[kind];
  const name = error.problemName;
  if (name === names.invalidVerificationService) {
    const messages = error.allErrorMessages();
    return {
      kind: 'banner',
      messages: messages.length > 0 ? messages : [error.problemTitle ?? FLOW_STEP_FAILED],
    };
  }
  if (name === names.parametersInvalid || error.isUnprocessableEntity) {
    const errors = toFlowFieldErrors(error, STEP_FIELDS[1]);
    if (hasAny(errors)) return { kind: 'fields', errors };
    return { kind: 'message', text: error.problemTitle ?? FLOW_STEP_FAILED };
  }
  if (name === names.notReachable) {
    const contact = clubContactSchema.safeParse(bodyField(error, 'club_contact'));
    return {
      kind: 'notReachable',
      title: error.problemTitle ?? FLOW_STEP_FAILED,
      contact: contact.success && contact.data.name.trim() !== '' ? contact.data : null,
    };
  }
  if (error.kind === 'network' || error.status >= 500) return { kind: 'none' };
  return { kind: 'message', text: error.problemTitle ?? FLOW_STEP_FAILED };
}

function stepTwoAction(error: ApiError): FlowErrorAction {
  if (error.problemName !== CONTACT_OPTION_CHOICE_NOT_AVAILABLE) return { kind: 'restart' };
  const options = authenticationOptionSchema
    .array()
    .safeParse(bodyField(error, 'authentication_options'));
  if (!options.success || options.data.length === 0) return { kind: 'restart' };
  const errors = toFlowFieldErrors(error, STEP_FIELDS[2]);
  if (!hasAny(errors)) errors.contact = [CHOICE_NOT_AVAILABLE];
  return { kind: 'refreshOptions', options: options.data, errors };
}

function isCodeError(error: ApiError): boolean {
  return (
    error.problemName === AUTHENTICATION_CODE_BLANK ||
    error.problemName === AUTHENTICATION_CODE_INVALID
  );
}

function stepThreeAction(error: ApiError): FlowErrorAction {
  if (!isCodeError(error)) return { kind: 'restart' };
  const fallback = error.problemName === AUTHENTICATION_CODE_BLANK ? CODE_BLANK : CODE_INVALID;
  const messages = error.allErrorMessages();
  return { kind: 'fields', errors: { code: messages.length > 0 ? messages : [fallback] } };
}

function stepFourAction(error: ApiError): FlowErrorAction {
  if (isCodeError(error)) return { kind: 'restartHome' };
  const name = error.problemName;
  if (
    name === PASSWORD_PARAMETERS_INVALID ||
    name === USER_PARAMS_INVALID ||
    error.isUnprocessableEntity
  ) {
    const errors = toFlowFieldErrors(error, STEP_FIELDS[4]);
    if (hasAny(errors)) return { kind: 'fields', errors };
  }
  return { kind: 'restart' };
}

export function flowErrorAction(kind: FlowKind, step: FlowStep, error: unknown): FlowErrorAction {
  if (!isApiError(error))
    return step === 1 ? { kind: 'message', text: FLOW_STEP_FAILED } : { kind: 'restart' };
  if (error.status === 429) return { kind: 'limited', retryAfterSeconds: error.retryAfterSeconds };
  switch (step) {
    case 1:
      return stepOneAction(kind, error);
    case 2:
      return stepTwoAction(error);
    case 3:
      return stepThreeAction(error);
    case 4:
      return stepFourAction(error);
  }
}
