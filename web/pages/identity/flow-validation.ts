import {
  CANT_BE_BLANK,
  BIRTH_DATE_INCOMPLETE,
  BIRTH_DATE_NOT_REAL,
  CHOOSE_CONTACT_METHOD,
  CHOOSE_ORGANIZATION,
  CODE_SIX_DIGITS,
} from '../../../common/messages.ts';
import {
  AUTH_CODE_PATTERN,
  BIRTH_DATE_PATTERN,
  isRealBirthDate,
  type MembershipProof,
} from '../../../common/schemas/registration.ts';
import type { FlowKind } from '../../api/membership-flow.ts';
import type { PasswordStrengthModule } from '../../components/password-strength-loader.ts';
import type { FlowFieldErrors } from './flow-errors.ts';

/** What the four steps' forms hold. */
export interface FlowValues {
  organizationId: string;
  memberNumber: string;
  birthDate: string;
  contact: string;
  code: string;
  username: string;
  password: string;
  passwordConfirmation: string;
}

export const EMPTY_FLOW_VALUES: FlowValues = {
  organizationId: '',
  memberNumber: '',
  birthDate: '',
  contact: '',
  code: '',
  username: '',
  password: '',
  passwordConfirmation: '',
};

/** VAL-12..VAL-14: the step-one request, trimmed, or the errors that keep it from being sent. */
export function validateMembershipStep(
  values: FlowValues,
): { proof: MembershipProof; errors: null } | { proof: null; errors: FlowFieldErrors } {
  const errors: FlowFieldErrors = {};
  const organizationId = Number(values.organizationId);
  if (values.organizationId === '' || !Number.isInteger(organizationId) || organizationId <= 0) {
    errors.organization_id = [CHOOSE_ORGANIZATION];
  }
  const memberNumber = values.memberNumber.trim();
  if (memberNumber === '') errors.member_number = [CANT_BE_BLANK];
  const birthDate = values.birthDate.trim();
  if (birthDate === '' || birthDate.replace(/[^0-9]/g, '') === '') {
    errors.birth_date = [CANT_BE_BLANK];
  } else if (!BIRTH_DATE_PATTERN.test(birthDate)) {
    errors.birth_date = [BIRTH_DATE_INCOMPLETE];
  } else if (!isRealBirthDate(birthDate)) {
    errors.birth_date = [BIRTH_DATE_NOT_REAL];
  }
  if (Object.keys(errors).length > 0) return { proof: null, errors };
  return {
    proof: { organization_id: organizationId, member_number: memberNumber, birth_date: birthDate },
    errors: null,
  };
}

/** VAL-15. */
export function validateContactStep(values: FlowValues): FlowFieldErrors {
  return values.contact === '' ? { contact: [CHOOSE_CONTACT_METHOD] } : {};
}

/** VAL-16, CONST-13. */
export function validateCodeStep(values: FlowValues): FlowFieldErrors {
  return AUTH_CODE_PATTERN.test(values.code.trim()) ? {} : { code: [CODE_SIX_DIGITS] };
}

/**
 * VAL-18..VAL-21 and AMB-19: the username (registration), a strong enough password and an
 * equal confirmation (checked here, sent only by reset).
 */
export function validatePasswordStep(
  kind: FlowKind,
  values: FlowValues,
  strength: PasswordStrengthModule,
): FlowFieldErrors {
  const errors: FlowFieldErrors = {};
  const username = values.username.trim();
  if (kind === 'register' && username === '') errors.username = [CANT_BE_BLANK];
  const inputs = strength.passwordUserInputs({ username: kind === 'register' ? username : null });
  const passwordErrors = strength.checkNewPassword(
    values.password,
    values.passwordConfirmation,
    inputs,
  );
  if (passwordErrors.password) errors.password = [passwordErrors.password];
  if (passwordErrors.password_confirmation) {
    errors.password_confirmation = [passwordErrors.password_confirmation];
  }
  return errors;
}

export function stepHasErrors(errors: FlowFieldErrors): boolean {
  return Object.values(errors).some((messages) => messages.length > 0);
}
