/**
 * Who is making a request. Every service function takes one and asks a policy before it reads
 * or writes. A visitor has no session; a member arrives with the next issue's sessions.
 */
export type Actor =
  | { readonly kind: 'visitor' }
  | {
      readonly kind: 'member';
      readonly userId: number;
      readonly partyId: number;
      readonly isAdmin: boolean;
    };

export const VISITOR: Actor = Object.freeze({ kind: 'visitor' });
