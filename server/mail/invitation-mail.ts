import type { MailMessage } from './mailer.ts';

/** What an invitation says: who invites, to what, and the link with the organisation chosen. */
export interface InvitationMailFacts {
  to: string;
  /** The member's name as the roster has it. */
  name: string;
  organizationName: string;
  /** The lodge that invites; null when the member's record names none of the sender's. */
  clubName: string | null;
  /** The registration screen with the organisation chosen; null when no safe link is known. */
  registerUrl: string | null;
  memberNumber: string;
}

/**
 * The e-mail inviting a member who has no account yet to register (issue 23, D69). It says what
 * registration asks for (the member number and birth date, then a code sent to an address on
 * record), so a member past seventy knows what to have at hand. It holds no code and no secret:
 * the registration proves membership as always.
 */
export function invitationMail(facts: InvitationMailFacts): MailMessage {
  const from = facts.clubName
    ? `${facts.clubName} of ${facts.organizationName}`
    : facts.organizationName;
  const where = facts.registerUrl
    ? `Register here:\n\n  ${facts.registerUrl}\n`
    : 'Open Lodgehall and choose "Register".\n';
  return {
    to: facts.to,
    subject: `${from} invites you to Lodgehall`,
    text: [
      `Dear ${facts.name},`,
      '',
      `${from} invites you to Lodgehall, the members' site of your lodge: news, the calendar, the directory and your dues in one place.`,
      '',
      where,
      `You will be asked for your member number (${facts.memberNumber}) and your birth date, then for a code we send to your e-mail or phone on record. Then you choose a username and a password.`,
      '',
      'If you did not expect this e-mail, you may ignore it.',
    ].join('\n'),
  };
}
