import { describe, expect, it } from 'vitest';
import { PASSWORD_GOOD, PASSWORD_GREAT, PASSWORD_MISMATCH, PASSWORD_TOO_WEAK } from './messages.ts';
import {
  checkNewPassword,
  isStrongEnough,
  passwordScore,
  passwordStrengthLabel,
  passwordUserInputs,
} from './password-strength.ts';

describe('password strength (VAL-18, CONST-12, AMB-20)', () => {
  it('labels 0-2 Too Weak, 3 Good, 4 Great', () => {
    expect([0, 1, 2, 3, 4].map((score) => passwordStrengthLabel(score as 0))).toEqual([
      PASSWORD_TOO_WEAK,
      PASSWORD_TOO_WEAK,
      PASSWORD_TOO_WEAK,
      PASSWORD_GOOD,
      PASSWORD_GREAT,
    ]);
  });

  it('passes from a score of 3', () => {
    expect(isStrongEnough(2)).toBe(false);
    expect(isStrongEnough(3)).toBe(true);
    expect(isStrongEnough(4)).toBe(true);
  });

  it('scores common passwords low and long passphrases high', () => {
    expect(passwordScore('')).toBe(0);
    expect(passwordScore('password')).toBe(0);
    expect(passwordScore('letmein1')).toBeLessThan(3);
    expect(passwordScore('correct-horse-lodge')).toBeGreaterThanOrEqual(3);
    expect(passwordScore('purple tractor sings at dawn')).toBe(4);
  });

  it('scores a password built from the member’s own names lower (user inputs)', () => {
    const inputs = passwordUserInputs({
      username: 'hbaxter',
      first_name: 'Harold',
      last_name: 'Baxter',
    });
    expect(passwordScore('hbaxter1949!', inputs)).toBeLessThan(passwordScore('hbaxter1949!'));
    expect(passwordScore('hbaxter1949!', inputs)).toBeLessThan(3);
  });

  it('trims the password before scoring (VAL-20)', () => {
    expect(passwordScore('  password  ')).toBe(passwordScore('password'));
  });

  it('builds the user inputs from the username and every name, word by word', () => {
    expect(
      passwordUserInputs({
        username: 'Member2',
        first_name: 'William',
        middle_name: null,
        last_name: 'Harper',
        preferred_name: 'Bill Harper',
        suffix: 'Jr.',
      }),
    ).toEqual(['member2', 'william', 'harper', 'bill harper', 'bill', 'jr.', 'jr']);
  });
});

describe('checkNewPassword (VAL-18, VAL-19, VAL-48)', () => {
  it('passes a strong password with an equal confirmation, trimmed', () => {
    expect(
      checkNewPassword(' purple tractor sings at dawn ', 'purple tractor sings at dawn'),
    ).toEqual({});
  });

  it('refuses a weak password', () => {
    expect(checkNewPassword('password', 'password')).toEqual({ password: PASSWORD_TOO_WEAK });
  });

  it('refuses a confirmation that differs', () => {
    expect(checkNewPassword('purple tractor sings at dawn', 'purple tractor')).toEqual({
      password_confirmation: PASSWORD_MISMATCH,
    });
  });

  it('refuses a blank password', () => {
    expect(checkNewPassword('   ', '')).toEqual({ password: "Can't be blank." });
  });
});
