import { birthDateFromIso } from '../../../common/birth-date.ts';
import {
  BIRTH_DATE_LABEL,
  CREATE_ACCOUNT_LINK,
  FORGOT_PASSWORD_LINK,
  MEMBER_NUMBER,
  ORGANIZATION,
} from '../../../common/messages.ts';
import {
  DEMO_ORGANIZATION_NAME,
  DEMO_PASSWORD,
  DEMO_REGISTRANT,
  MEMBER,
  PERSONAS,
} from './personas.ts';

/**
 * What `npm start` prints about the demo data once it is up (the README's "Demo sign-ins"
 * says the same): the demo sign-ins, and what to enter to try registration and a password
 * reset, taken from the seed's own constants so the two cannot drift apart.
 */
export function demoGuideLines({ mailKeptInOutbox }: { mailKeptInOutbox: boolean }): string[] {
  // The labels of step one, so the values line up with the fields a person fills in.
  const proof = (memberNumber: string, isoBirthDate: string) => [
    `  ${ORGANIZATION.padEnd(15)}${DEMO_ORGANIZATION_NAME}`,
    `  ${MEMBER_NUMBER.padEnd(15)}${memberNumber}`,
    `  ${BIRTH_DATE_LABEL.padEnd(15)}${birthDateFromIso(isoBirthDate)}`,
  ];
  return [
    `Sign in with one of the demo accounts, password "${DEMO_PASSWORD}":`,
    ...PERSONAS.map((persona) => `  ${persona.username.padEnd(10)} ${persona.description}`),
    ``,
    `Try registration ("${CREATE_ACCOUNT_LINK}" on the sign-in page) as ${DEMO_REGISTRANT.firstName} ${DEMO_REGISTRANT.lastName}, a member with no account yet:`,
    ...proof(DEMO_REGISTRANT.memberNumber, DEMO_REGISTRANT.birthDate),
    ``,
    `Try a password reset ("${FORGOT_PASSWORD_LINK}" on the sign-in page) for ${MEMBER.username}:`,
    ...proof(MEMBER.memberNumber, MEMBER.birthDate),
    mailKeptInOutbox
      ? `The six-digit code (e-mail or text) is kept in the outbox, not sent: npm run lodgehall -- outbox`
      : `Choose the text message: its six-digit code is kept in the outbox: npm run lodgehall -- outbox`,
  ];
}
