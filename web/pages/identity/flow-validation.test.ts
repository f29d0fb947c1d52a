import { describe, expect, it } from 'vitest';
import {
  BIRTH_DATE_INCOMPLETE,
  BIRTH_DATE_NOT_REAL,
  CANT_BE_BLANK,
  CHOOSE_CONTACT_METHOD,
  CHOOSE_ORGANIZATION,
  CODE_SIX_DIGITS,
  PASSWORD_MISMATCH,
  PASSWORD_TOO_WEAK,
} from '../../../common/messages.ts';
import * as strength from '../../../common/password-strength.ts';
import {
  EMPTY_FLOW_VALUES,
  validateCodeStep,
  validateContactStep,
  validateMembershipStep,
  validatePasswordStep,
} from './flow-validation.ts';

const filled = {
  ...EMPTY_FLOW_VALUES,
  organizationId: '2',
  memberNumber: ' 104590 ',
  birthDate: '07/04/1949',
};

describe('membership step (VAL-12..VAL-14)', () => {
  it('sends a numeric organisation and trimmed values', () => {
    expect(validateMembershipStep(filled)).toEqual({
      proof: { organization_id: 2, member_number: '104590', birth_date: '07/04/1949' },
      errors: null,
    });
  });

  it('needs an organisation, a member number and a birth date', () => {
    expect(validateMembershipStep(EMPTY_FLOW_VALUES).errors).toEqual({
      organization_id: [CHOOSE_ORGANIZATION],
      member_number: [CANT_BE_BLANK],
      birth_date: [CANT_BE_BLANK],
    });
    expect(validateMembershipStep({ ...filled, memberNumber: '   ' }).errors).toEqual({
      member_number: [CANT_BE_BLANK],
    });
  });

  it('refuses an incomplete mask and a date that does not exist (VAL-14)', () => {
    expect(validateMembershipStep({ ...filled, birthDate: '01/02/19__' }).errors).toEqual({
      birth_date: [BIRTH_DATE_INCOMPLETE],
    });
    expect(validateMembershipStep({ ...filled, birthDate: '__/__/____' }).errors).toEqual({
      birth_date: [CANT_BE_BLANK],
    });
    expect(validateMembershipStep({ ...filled, birthDate: '02/30/1950' }).errors).toEqual({
      birth_date: [BIRTH_DATE_NOT_REAL],
    });
    expect(validateMembershipStep({ ...filled, birthDate: '01/02/1990' }).errors).toBeNull();
  });
});

describe('contact and code steps (VAL-15, VAL-16)', () => {
  it('needs a chosen contact method', () => {
    expect(validateContactStep(EMPTY_FLOW_VALUES)).toEqual({ contact: [CHOOSE_CONTACT_METHOD] });
    expect(validateContactStep({ ...EMPTY_FLOW_VALUES, contact: 'k1' })).toEqual({});
  });

  it.each([
    ['12345', false],
    ['12345a', false],
    ['', false],
    ['123456', true],
  ])('code %s passes: %s', (code, passes) => {
    expect(validateCodeStep({ ...EMPTY_FLOW_VALUES, code })).toEqual(
      passes ? {} : { code: [CODE_SIX_DIGITS] },
    );
  });
});

describe('password step (VAL-18..VAL-21, AMB-19)', () => {
  const strong = 'purple tractor sings at dawn';

  it('needs a username for registration only', () => {
    const values = { ...EMPTY_FLOW_VALUES, password: strong, passwordConfirmation: strong };
    expect(validatePasswordStep('register', values, strength)).toEqual({
      username: [CANT_BE_BLANK],
    });
    expect(validatePasswordStep('reset', values, strength)).toEqual({});
  });

  it('refuses a weak password and a confirmation that differs', () => {
    const values = {
      ...EMPTY_FLOW_VALUES,
      username: 'hbaxter',
      password: 'password',
      passwordConfirmation: 'passwort',
    };
    expect(validatePasswordStep('register', values, strength)).toEqual({
      password: [PASSWORD_TOO_WEAK],
      password_confirmation: [PASSWORD_MISMATCH],
    });
  });

  it('counts the username against the password (AMB-20)', () => {
    const values = {
      ...EMPTY_FLOW_VALUES,
      username: 'hbaxter1949',
      password: 'hbaxter1949!',
      passwordConfirmation: 'hbaxter1949!',
    };
    expect(validatePasswordStep('register', values, strength).password).toEqual([
      PASSWORD_TOO_WEAK,
    ]);
  });
});
