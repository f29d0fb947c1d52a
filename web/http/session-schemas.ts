import type * as SessionSchemas from '../../common/schemas/session.ts';

/**
 * The session's answer schemas, and zod with them (about 20 KB compressed), load with the
 * first answer there is to read: a stored session's check, a sign-in, a badge header. A
 * visitor's first screen reads none, so it does without them (issue 8 §3, D23).
 */
export type SessionSchemaModule = typeof SessionSchemas;

let loading: Promise<SessionSchemaModule> | null = null;

export function loadSessionSchemas(): Promise<SessionSchemaModule> {
  loading ??= import('../../common/schemas/session.ts').catch((error: unknown) => {
    // A failed download (the network dropped) is tried again by the next caller.
    loading = null;
    throw error;
  });
  return loading;
}
