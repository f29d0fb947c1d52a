import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary, translations } from '@zxcvbn-ts/language-en';
import { MIN_PASSWORD_SCORE } from './constants.ts';
import {
  CANT_BE_BLANK,
  PASSWORD_GOOD,
  PASSWORD_GREAT,
  PASSWORD_MISMATCH,
  PASSWORD_TOO_WEAK,
} from './messages.ts';

/**
 * The shared password check (VAL-18..VAL-20, CONST-12, AMB-20, AMB-21), the same rule for
 * the browser's meter and the server's answer: values are trimmed; the strength is the
 * zxcvbn score (0-4, `@zxcvbn-ts/core` with its common and English dictionaries), with the
 * member's username and names as user inputs so a password built from them scores low; a
 * score of 3 or more passes; the confirmation must equal the password.
 *
 * The dictionaries are large (about a megabyte), so the browser loads this module only on
 * the screens that set a password, and the checker is built on first use.
 */

export type PasswordScore = 0 | 1 | 2 | 3 | 4;

let factory: ZxcvbnFactory | null = null;

function checker(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...commonDictionary, ...englishDictionary },
    graphs: adjacencyGraphs,
    translations,
  });
  return factory;
}

function asScore(value: number): PasswordScore {
  if (value <= 0) return 0;
  if (value >= 4) return 4;
  return Math.round(value) as PasswordScore;
}

/** The zxcvbn score (0-4) of the trimmed password. An empty password scores 0. */
export function passwordScore(password: string, userInputs: readonly string[] = []): PasswordScore {
  const trimmed = password.trim();
  if (trimmed === '') return 0;
  return asScore(checker().check(trimmed, [...userInputs]).score);
}

/** VAL-18: 0-2 Too Weak, 3 Good, 4 Great. */
export function passwordStrengthLabel(score: PasswordScore): string {
  if (score >= 4) return PASSWORD_GREAT;
  if (score >= MIN_PASSWORD_SCORE) return PASSWORD_GOOD;
  return PASSWORD_TOO_WEAK;
}

/** CONST-12: a score of 3 or more passes. */
export function isStrongEnough(score: PasswordScore): boolean {
  return score >= MIN_PASSWORD_SCORE;
}

/** What the check knows of the member; every field is optional (reset knows no names). */
export interface PasswordOwner {
  username?: string | null;
  first_name?: string | null;
  middle_name?: string | null;
  last_name?: string | null;
  preferred_name?: string | null;
  suffix?: string | null;
}

/**
 * AMB-20: the user inputs for zxcvbn: the username and every name, whole and word by word,
 * lower case, without blanks or repeats.
 */
export function passwordUserInputs(owner: PasswordOwner): string[] {
  const inputs = new Set<string>();
  for (const value of [
    owner.username,
    owner.first_name,
    owner.middle_name,
    owner.last_name,
    owner.preferred_name,
    owner.suffix,
  ]) {
    const trimmed = value?.trim().toLowerCase() ?? '';
    if (trimmed === '') continue;
    inputs.add(trimmed);
    for (const word of trimmed.split(/[\s,.'-]+/)) if (word.length > 1) inputs.add(word);
  }
  return [...inputs];
}

export interface NewPasswordErrors {
  password?: string;
  password_confirmation?: string;
}

/**
 * VAL-18, VAL-19, VAL-20: the errors of a new password and its confirmation, keyed by the
 * wire's field names; an empty object when both pass.
 */
export function checkNewPassword(
  password: string,
  confirmation: string,
  userInputs: readonly string[] = [],
): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  const trimmed = password.trim();
  if (trimmed === '') errors.password = CANT_BE_BLANK;
  else if (!isStrongEnough(passwordScore(trimmed, userInputs))) errors.password = PASSWORD_TOO_WEAK;
  if (confirmation.trim() !== trimmed) errors.password_confirmation = PASSWORD_MISMATCH;
  return errors;
}
