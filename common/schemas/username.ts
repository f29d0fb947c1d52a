import { z } from 'zod';

/**
 * A username: what a member types to sign in. Letters, digits and . _ - so it can be read aloud
 * and typed on a phone; unique regardless of case.
 */
export const usernameSchema = z
  .string()
  .trim()
  .min(3, 'must be at least 3 characters')
  .max(40, 'must be at most 40 characters')
  .regex(/^[A-Za-z0-9._-]+$/, 'may use only letters, digits, dots, dashes and underscores');

export function usernameKey(username: string): string {
  return username.trim().toLowerCase();
}
