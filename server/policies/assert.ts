import { ForbiddenError } from '../errors.ts';

/** Services call this first: a policy answers yes or no, this turns a no into a 403. */
export function assertAllowed(allowed: boolean, message?: string): void {
  if (!allowed) throw new ForbiddenError(message);
}
