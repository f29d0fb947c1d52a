import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvitationOutcome } from '../../../common/schemas/console-officers.ts';
import type { RosterAnswer, RosterImport } from '../../../common/schemas/console.ts';
import type { User } from '../../../common/schemas/session.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { DEMO_CLUBS, DEMO_ORGANIZATION_NAME, DEMO_PASSWORD } from '../../db/seed/personas.ts';
import { ALREADY_REGISTERED, NO_EMAIL } from '../../services/console-invitations.ts';
import { drainJobs, startTestServer } from '../../test/api-harness.ts';
import type { TestServer } from '../../test/api-harness.ts';
import {
  FlowBrowser,
  addRosterMember,
  codeSentTo,
  freshMemberNumber,
  organizationId,
} from '../../test/flow-client.ts';
import type { Problem } from '../../test/flow-client.ts';
import { clubIdOf, seedDemoData, signInAs, signInPersonas } from '../../test/member-client.ts';
import type { PersonaKey, SignedInPersona } from '../../test/member-client.ts';

/*
 * Invitations to register (issue 23, docs/decisions.md D69) on both engines, with real signed
 * requests and the outbox mailer: one member, a whole club (counted first, sent by the job
 * queue after the answer), members with no e-mail listed, no second invitation within a day unless asked, who
 * may invite, and the journey from a roster file's row to a registered member.
 */

let server: TestServer;
let personas: Record<PersonaKey, SignedInPersona>;
let orgId: number;
let l1: number;
let l2: number;
let counter = 0;

type Answer<T> = { data: T } & Problem;

const db = () => server.database.handle.db;

beforeAll(async () => {
  // The registration journey's browser calls from an address of its own (X-Forwarded-For).
  server = await startTestServer({ env: { TRUST_PROXY: 'true' } });
  await seedDemoData(server);
  personas = await signInPersonas(server);
  orgId = await organizationId(server, DEMO_ORGANIZATION_NAME);
  l1 = await clubIdOf(server, DEMO_CLUBS.L1);
  l2 = await clubIdOf(server, DEMO_CLUBS.L2);
});

afterAll(async () => {
  await server?.close();
});

function invite(persona: PersonaKey, body: Record<string, unknown>) {
  return personas[persona].client.request<Answer<{ invitation: InvitationOutcome }>>(
    'POST',
    '/admin/invitations.json',
    { body: { organization_id: orgId, ...body } },
  );
}

/** A new member of Harmony Lodge without an account. */
async function newcomer(email: string | null, clubSubdomain: string = DEMO_CLUBS.L1) {
  counter += 1;
  return addRosterMember(server, {
    organizationId: orgId,
    memberNumber: freshMemberNumber(),
    birthDate: '1949-08-17',
    firstName: 'Amos',
    lastName: `Newcomer${counter}`,
    email,
    club: clubSubdomain,
  });
}

/** The mails to this address, once the job queue has sent what was queued (D79). */
async function mailsTo(address: string) {
  await drainJobs(server);
  return db()
    .selectFrom('outbox_messages')
    .select(['subject', 'body'])
    .where('to_address', '=', address)
    .orderBy('id')
    .execute();
}

describe('who may invite', () => {
  it('refuses a visitor (401), M, M2 and W (403); S gets a 404 for another lodge or its member', async () => {
    const body = { organization_id: orgId, club_id: l1, dry_run: true };
    expect((await server.request('POST', '/admin/invitations.json', { body })).status).toBe(401);
    for (const key of ['M', 'M2', 'W'] as const) {
      expect((await invite(key, { club_id: l1, dry_run: true })).status, key).toBe(403);
    }
    expect((await invite('S', { club_id: l2, dry_run: true })).status).toBe(404);
    const ofL2 = await newcomer('olentangy.newcomer@example.org', DEMO_CLUBS.L2);
    expect((await invite('S', { party_id: ofL2.partyId })).status).toBe(404);
    expect(await mailsTo('olentangy.newcomer@example.org')).toEqual([]);
    expect((await invite('A', { club_id: l2, dry_run: true })).status).toBe(200);
    // One member or one club, not both.
    expect((await invite('S', { club_id: l1, party_id: ofL2.partyId })).status).toBe(422);
  });
});

describe('one member', () => {
  it('sends the invitation with the link to registration, not twice within a day unless asked', async () => {
    const email = 'amos.invited@example.org';
    const member = await newcomer(email);
    const first = await invite('S', { party_id: member.partyId });
    expect(first.status, first.text).toBe(200);
    expect(first.body.data.invitation).toEqual({
      dry_run: false,
      invited: 1,
      recently_invited: 0,
      without_email: [],
    });
    const [mail] = await mailsTo(email);
    expect(mail?.subject).toBe(
      `Harmony Lodge No. 412 of ${DEMO_ORGANIZATION_NAME} invites you to Lodgehall`,
    );
    expect(mail?.body).toContain(`/app/register?organization_id=${orgId}`);
    const row = await db()
      .selectFrom('invitations')
      .selectAll()
      .where('party_id', '=', member.partyId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      organization_id: orgId,
      club_id: l1,
      email,
      invited_by_user_id: personas.S.userId,
    });
    expect(row.sent_at).not.toBeNull();
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'invitations.sent')
      .where('party_id', '=', member.partyId)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      organization_id: orgId,
      club_id: l1,
      actor_user_id: personas.S.userId,
    });

    const second = await invite('S', { party_id: member.partyId });
    expect(second.body.data.invitation).toMatchObject({ invited: 0, recently_invited: 1 });
    expect(await mailsTo(email)).toHaveLength(1);
    const again = await invite('S', { party_id: member.partyId, again: true });
    expect(again.body.data.invitation).toMatchObject({ invited: 1, recently_invited: 0 });
    expect(await mailsTo(email)).toHaveLength(2);

    // The record lists who was invited when, newest first; S reads only S's members'.
    const listed = await personas.S.client.request<
      Answer<{ invitations: { email: string; created_at: number; sent_at: number | null }[] }>
    >('GET', `/admin/invitations.json?organization_id=${orgId}&party_id=${member.partyId}`);
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.data.invitations).toHaveLength(2);
    expect(listed.body.data.invitations.every((i) => i.email === email && i.sent_at !== null)).toBe(
      true,
    );
    const [newest, older] = listed.body.data.invitations;
    expect((newest?.created_at ?? 0) >= (older?.created_at ?? 0)).toBe(true);
    expect(
      (
        await personas.S.client.request(
          'GET',
          `/admin/invitations.json?organization_id=${orgId}&party_id=${personas.W.partyId}`,
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await personas.M.client.request(
          'GET',
          `/admin/invitations.json?organization_id=${orgId}&party_id=${member.partyId}`,
        )
      ).status,
    ).toBe(403);
  });

  it('refuses a member with an account or without an e-mail (422)', async () => {
    const registered = await invite('S', { party_id: personas.M.partyId });
    expect(registered.status).toBe(422);
    expect(registered.body.errors).toEqual({ party_id: [ALREADY_REGISTERED] });
    const unreachable = await newcomer(null);
    const noEmail = await invite('S', { party_id: unreachable.partyId });
    expect(noEmail.status).toBe(422);
    expect(noEmail.body.errors).toEqual({ party_id: [NO_EMAIL] });
  });
});

describe('a whole club', () => {
  it('counts first, then invites every member without an account after the answer; those without e-mail are listed', async () => {
    const reachable = [
      await newcomer('club.one@example.org'),
      await newcomer('club.two@example.org'),
    ];
    const unreachable = await newcomer(null);
    const withAccount = await addRosterMember(server, {
      organizationId: orgId,
      memberNumber: freshMemberNumber(),
      birthDate: '1960-01-01',
      email: 'has.account@example.org',
      club: DEMO_CLUBS.L1,
      account: {
        username: `invitee-${process.pid}`,
        passwordHash: await hashPassword(DEMO_PASSWORD),
      },
    });

    const count = await invite('S', { club_id: l1, dry_run: true });
    expect(count.status, count.text).toBe(200);
    const counted = count.body.data.invitation;
    expect(counted.dry_run).toBe(true);
    expect(counted.without_email.map((m) => m.party_id)).toContain(unreachable.partyId);
    expect(counted.invited).toBeGreaterThanOrEqual(2);
    expect(await mailsTo('club.one@example.org')).toEqual([]);

    const sent = await invite('S', { club_id: l1 });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.data.invitation).toMatchObject({ dry_run: false, invited: counted.invited });
    for (const address of ['club.one@example.org', 'club.two@example.org']) {
      expect(await mailsTo(address)).toHaveLength(1);
    }
    expect(await mailsTo('has.account@example.org')).toEqual([]);
    const rows = await db()
      .selectFrom('invitations')
      .select(['party_id', 'sent_at'])
      .where('party_id', 'in', [...reachable.map((m) => m.partyId), withAccount.partyId])
      .execute();
    expect(rows.map((r) => r.party_id).sort()).toEqual(reachable.map((m) => m.partyId).sort());
    expect(rows.every((r) => r.sent_at !== null)).toBe(true);

    // The same club again within the day: nobody is invited twice.
    const twice = await invite('S', { club_id: l1 });
    expect(twice.body.data.invitation).toMatchObject({
      invited: 0,
      recently_invited: counted.invited + counted.recently_invited,
    });
  });
});

describe('the journey: imported, invited, registered (issue 23)', () => {
  it('a member of the roster file with an e-mail is invited, proves membership and registers with the code sent to that e-mail', async () => {
    const number = freshMemberNumber();
    const email = 'imported.invitee@example.org';
    const csv = `member_number,first_name,last_name,birth_date,club,email\r\n${number},Silas,Pemberton,11/05/1958,${DEMO_CLUBS.L1},${email}\r\n`;
    const started = await personas.S.client.request<{ data: { import: RosterImport } }>(
      'POST',
      '/admin/roster_imports.json',
      { body: { organization_id: orgId, dry_run: false, csv } },
    );
    expect(started.status, started.text).toBe(202);
    await server.app.services.background.drain();
    const done = await personas.S.client.request<{ data: { import: RosterImport } }>(
      'GET',
      `/admin/roster_imports/${started.body.data.import.id}.json`,
    );
    expect(done.body.data.import).toMatchObject({ state: 'done', added: 1, committed: true });

    const found = await personas.S.client.request<{ data: RosterAnswer['data'] }>(
      'GET',
      `/admin/members.json?organization_id=${orgId}&q=${number}`,
    );
    const partyId = found.body.data.members[0]?.party_id;
    expect(partyId).toBeDefined();
    const invited = await invite('S', { party_id: partyId });
    expect(invited.body.data.invitation.invited).toBe(1);
    const [mail] = await mailsTo(email);
    expect(mail?.body).toContain('Dear Silas Pemberton');
    expect(mail?.body).toContain(`/app/register?organization_id=${orgId}`);

    const browser = new FlowBrowser(server, 'register');
    const one = await browser.stepOne({
      organization_id: orgId,
      member_number: number,
      birth_date: '11/05/1958',
    });
    expect(one.status, one.text).toBe(200);
    const option = one.body.data.authentication_options.find((o) => o.label.startsWith('E-mail'));
    expect((await browser.stepTwo(option?.key ?? '')).status).toBe(200);
    const code = await codeSentTo(server, email);
    expect((await browser.stepThree(code)).status).toBe(200);
    const password = 'invited lantern basalt ferry';
    const four = await browser.stepFour(code, { username: 'silas.pemberton', password });
    expect(four.status, four.text).toBe(200);
    expect((four.body as { data: { user: User } }).data.user.party_id).toBe(partyId);
    const signedIn = await signInAs(server, 'silas.pemberton', password);
    expect((await signedIn.request('GET', '/session.json')).status).toBe(200);

    // Registered: a later invitation is refused.
    expect((await invite('S', { party_id: partyId, again: true })).body.errors).toEqual({
      party_id: [ALREADY_REGISTERED],
    });
  });
});
