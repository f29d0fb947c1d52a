import type { MemberClient } from './member-client.ts';

/*
 * The permission matrix's vocabulary (docs/decisions.md D55, "The permission matrix"): what a
 * route folder's `access.ts` declares for each of its operations, and what the matrix
 * (server/routes/permission-matrix.api.test.ts) hands it to build a request. The entries hold
 * no SQL (routes never do): the demo records they act on come from the context's finders, and
 * fixtures are made through the API as the members themselves would make them. Besides
 * `access`, one entry per operation, a folder may export `further`: more calls of its
 * operations, on another target, where one call cannot tell every caller apart.
 */

/**
 * Who calls: no session, the demo personas, X, a member of another organisation, and S, the
 * secretary of Harmony Lodge (L1), who is called where an entry says what S gets (the console's
 * operations and the administrators' level, issue 23).
 */
export const PERSONA_NAMES = ['visitor', 'M', 'M2', 'W', 'A', 'X', 'S'] as const;
export type PersonaName = (typeof PERSONA_NAMES)[number];
export type MemberName = Exclude<PersonaName, 'visitor'>;

/** The status each persona's call must answer; S's only where the entry names it. */
export type Outcomes = Readonly<Record<Exclude<PersonaName, 'S'>, number>> & {
  readonly S?: number;
};

/** Every signed-in persona gets `status`; the visitor, without a session, a 401. */
export function signedIn(status: number): Outcomes {
  return { visitor: 401, M: status, M2: status, W: status, A: status, X: status };
}

/**
 * An operation of the administrators' level (`config: { admin: true }`, D62): the administrator
 * gets `status`, every other member a 403 (S too: a secretary is no administrator), the
 * visitor a 401.
 */
export function adminsOnly(status: number): Outcomes {
  return { visitor: 401, M: 403, M2: 403, W: 403, A: status, X: 403, S: 403 };
}

/**
 * An operation of the secretary's console (D63): the administrator gets `status`, S (the
 * secretary of L1) `secretary` (a 404 for what lies outside L1), every other member a 403 (a
 * webmaster has no console), the visitor a 401.
 */
export function consoleUsers(status: number, secretary: number): Outcomes {
  return { visitor: 401, M: 403, M2: 403, W: 403, A: status, X: 403, S: secretary };
}

/** An operation open to everyone, signed in or not (`config: { public: true }`). */
export function everyone(status: number): Outcomes {
  return { ...signedIn(status), visitor: status };
}

/**
 * A field of an answer that may name a member the viewer cannot open in the directory (D37),
 * by design. `at` matches the field's path with array positions written `[]`
 * (`data.posts[].party`), and the field covers everything under it (the party's
 * `display_name`); `why` says why naming them there is no leak.
 */
export interface NamedField {
  readonly at: RegExp;
  readonly why: string;
}

/** One call as a persona makes it: the address below the API prefix, with its query. */
export interface MatrixRequest {
  readonly path: string;
  readonly body?: unknown;
  /** Made from this session instead of the persona's own (a call that ends its session). */
  readonly client?: MemberClient;
  /** Cookies sent besides the session's (a registration or reset flow's). */
  readonly cookie?: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** Runs once the answer is in: puts back what the call changed that later cells rely on. */
  readonly after?: () => Promise<void>;
}

/** Where a membership flow (registration or password reset) stands before the persona's step. */
export interface FlowState {
  /** `name=value` of the flow's cookie, once step one set it. */
  readonly cookie: string;
  /** The address the flow's browser calls from, so the per-address limits stay its own. */
  readonly headers: Readonly<Record<string, string>>;
  /** Step one's proof of membership of a member added to Harmony Lodge for this cell. */
  readonly proof: { organization_id: number; member_number: string; birth_date: string };
  /** The e-mail option step one offered. */
  readonly optionKey: string;
  /** The code step two sent (read from the outbox), after step two. */
  readonly code: string;
  /** A public key for step four's session. */
  readonly publicKey: string;
}

export type FlowKind = 'register' | 'reset';

/** The demo's lodges the entries use: L1, Harmony (M, M2), and L2, Olentangy (W, its webmaster). */
export type ClubKey = 'L1' | 'L2';

/** A demo record an entry acts on, found by the context (no SQL in the route folders). */
export interface DemoFinders {
  club(key: ClubKey): { readonly id: number; readonly subdomain: string };
  /**
   * A club of X's organisation, which none of the personas belongs to: the first (by id) with
   * a current officer on the roster, so that its home names a member of that organisation.
   */
  clubOfX(): { readonly id: number; readonly subdomain: string };
  /** The organisation of the demo's personas (the Grand Lodge of Ohio). */
  organizationId(): number;
  /** The member number of a persona in the personas' organisation. */
  memberNumberOf(persona: MemberName): string;
  /** The demo event of `club` called `name` (the seed's fixed events, e.g. 'Open House'). */
  event(club: ClubKey, name: string): Promise<number>;
  /** The oldest demo lodge post of `club` with this access. */
  clubPost(club: ClubKey, access: 'PUBLIC' | 'MEMBER' | 'CLUB'): Promise<number>;
  /** The persona's newest notice. */
  noticeOf(persona: MemberName): Promise<number>;
  /** The comment container of a post. */
  containerOfPost(postId: number): Promise<number>;
}

/**
 * Records made through the API for the cells that change or remove one: each call makes a new
 * one, except the `shared` ones, made once for the cells that only read or add to them.
 */
export interface MatrixFixtures {
  /** A new member post by M2 to Harmony Lodge (L1, access CLUB), comments on. */
  lodgePostOfM2(): Promise<{ id: number; containerId: number }>;
  /** M2's lodge post the comment cells read and add to, made once. */
  sharedLodgePostOfM2(): Promise<{ id: number; containerId: number }>;
  /** A new comment by M2 in the container. */
  commentOfM2(containerId: number): Promise<number>;
  /** A new event of Olentangy Lodge (L2) made by W, its webmaster. */
  eventOfL2(access: 'PUBLIC' | 'MEMBER' | 'CLUB'): Promise<number>;
  /** W's lodge-only (CLUB) event of L2 the read cells use, made once. */
  sharedLodgeOnlyEventOfL2(): Promise<number>;
  /** A new group chat M started and added M2 to. */
  groupChatOfM(): Promise<number>;
  /** M's group chat with M2 the read cells use, made once. */
  sharedGroupChatOfM(): Promise<number>;
}

/** What an entry's request function may use. */
export interface MatrixContext {
  /** The password of every demo account. */
  readonly demoPassword: string;
  /** Another session of the persona, for a call that ends the session it is made in. */
  freshSession(persona: MemberName): Promise<MemberClient>;
  partyOf(persona: MemberName): number;
  usernameOf(persona: MemberName): string;
  /** A fixture call that must succeed (anything else throws): its answer's body. */
  ok<T>(persona: MemberName, method: string, path: string, body?: unknown): Promise<T>;
  /** A fixture made once and shared by every cell that only reads it. */
  once<T>(key: string, make: () => Promise<T>): Promise<T>;
  /** A number no other call of this run used (names, client ids, e-mail addresses). */
  unique(): number;
  /** A small PNG, base64, for avatar and photo uploads. */
  pngBase64(): Promise<string>;
  /** A public key to sign in with. */
  publicKey(): string;
  /**
   * A registration or reset flow of a member added to Harmony Lodge for this cell (with an
   * account for a reset), walked by its own browser up to the step before `step`.
   */
  flow(kind: FlowKind, step: 'one' | 'two' | 'three' | 'four'): Promise<FlowState>;
  /** Puts back a persona's password hash after a call changed it. */
  restorePassword(persona: MemberName): Promise<void>;
  readonly demo: DemoFinders;
  readonly fixtures: MatrixFixtures;
}

/**
 * One operation of the OpenAPI document and what each persona gets from it. `operation` is the
 * method and the document's path below the API prefix (`GET /calendar_events/{id}/attendees`).
 */
export interface AccessEntry {
  readonly operation: string;
  readonly expect: Outcomes;
  /** The persona's call. It makes a fresh target when the call changes or removes one. */
  readonly request: (ctx: MatrixContext, persona: PersonaName) => Promise<MatrixRequest>;
  /** Fields of the answer allowed to name members the viewer may not see (D37). */
  readonly mayName?: readonly NamedField[];
}

// ---- The allow-list: fields that name another organisation's members by design ----------------

/**
 * A post's author. Who reads a post is mayViewPost's rule (a PUBLIC or MEMBER lodge post: every
 * member; an admin: every post), not the directory's; the name under a post is part of what its
 * author published, as a newspaper prints the writer's name.
 */
export const POST_AUTHOR: NamedField = {
  at: /^data\.(posts\[\]|post|club\.latest_post)\.party$/,
  why: "a post's author signs what they published to its readers (mayViewPost), as in a newspaper",
};

/**
 * A comment's author, for the same reason: a comment is published to everyone who may read the
 * post or event, and who wrote it is part of it (CMT-01 shows the name on every comment), by
 * id, by `party_name` and in `party`.
 */
export const COMMENT_AUTHOR: NamedField = {
  at: /^data\.comment_container\.comments\[\](\.children\[\])*\.(party|party_id|party_name)$/,
  why: "a comment's author signs what they published to everyone who may read the thread",
};

/**
 * The holder named on a status card (D48, ENT-22, STAT-03): the status checker answers a member
 * number of a recognised organisation with the holder's display name, to any member, so that a
 * hall can confirm a visitor's standing. It gives the name and no id, so the card is no way
 * into the directory.
 */
export const MEMBER_STATUS_CARD: NamedField = {
  at: /^data\.member_statuses\[\]\.name$/,
  why: "the status checker confirms a number's holder by name to any member, by design (D48)",
};

/**
 * A club's current officers (CLUB-16), names and party ids, on its home. They are part of the
 * page the club publishes to whoever may open it: its organisation's members, who may find them
 * in the directory anyway, and admins, who open every club to look after its content (D40,
 * D53). An admin reading the officers of another organisation's lodge learns who holds its
 * offices, as its members and its own website say, not its roster; their party pages stay the
 * 404 page to that admin (D37, D53).
 */
export const CLUB_OFFICERS: NamedField = {
  at: /^data\.club\.current_officer_positions\[\]\.current_officers\[\]$/,
  why: "a club's officers are part of its home, published to whoever may open it (admins: any club)",
};

/**
 * The account signed in by the call (sign-in, registration and reset step four): the caller
 * gave its password or a code sent to its contact, so it is the caller themself.
 */
export const SIGNED_IN_USER: NamedField = {
  at: /^data\.user\.(party|party_id)$/,
  why: 'the account the call signed in: the caller proved it is theirs',
};

/**
 * The members of the secretary's console (issue 23, D63, D66): the roster list and a member's
 * record name members the console user may not find in the directory (an administrator of
 * another organisation; a demitted member), because managing that roster is the user's office:
 * the console's policy, not the directory's, decides who is on it.
 */
export const CONSOLE_ROSTER: NamedField = {
  at: /^data\.(members\[\]|member)$/,
  why: "the console's roster: its administrators and the member's lodge secretary manage it (D63)",
};
