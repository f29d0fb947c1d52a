/**
 * The contacts on file a membership flow's code can go to (spec §7, §8: never one the visitor
 * types), as the visitor may see them, and whom to call when there are none (ERR-46..48).
 * Helpers of membership-proof.ts and membership-codes.ts, which take no Actor: the flows'
 * guard is membership-flow.ts's.
 */
import type { Kysely } from 'kysely';
import { displayName } from '../../../common/display-name.ts';
import type { AuthenticationOption, ClubContact } from '../../../common/schemas/registration.ts';
import { contactKey } from '../../auth/one-time-codes.ts';
import { currentSecretariesFor } from '../../db/clubs.ts';
import { phonesOfParties, reachableContactsOf } from '../../db/contact-info.ts';
import type { ContactKind, Database } from '../../db/schema.ts';

export interface ContactOnFile {
  kind: ContactKind;
  id: number;
  address: string;
  /** What the visitor sees of it: never the whole address or number. */
  anonymized: string;
  label: string;
}

function maskWord(word: string): string {
  return word.length <= 1 ? word : `${word[0] ?? ''}${'*'.repeat(word.length - 1)}`;
}

/** `daniel.whitfield@example.com` → `d*****.w********@e******.com`. */
export function anonymizeEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 0) return maskWord(address);
  const local = address
    .slice(0, at)
    .split(/([._+-])/)
    .map((part, index) => (index % 2 === 1 ? part : maskWord(part)));
  const labels = address.slice(at + 1).split('.');
  const domain = labels.map((label, index) =>
    index === labels.length - 1 ? label : maskWord(label),
  );
  return `${local.join('')}@${domain.join('.')}`;
}

/** `6145550142` → `(***) ***-**42`: only the last two digits show. */
export function anonymizePhone(number: string): string {
  const digits = number.replace(/\D/g, '');
  const last = digits.slice(-2);
  if (digits.length === 10) return `(***) ***-**${last}`;
  return `${'*'.repeat(Math.max(0, digits.length - 2))}${last}`;
}

/** The member's e-mails and mobile numbers, in the order their types are listed. */
export async function contactsOnFile(
  db: Kysely<Database>,
  partyId: number,
): Promise<ContactOnFile[]> {
  const { emails, phones } = await reachableContactsOf(db, partyId);
  const seen = new Set<string>();
  const contacts: ContactOnFile[] = [];
  for (const email of emails) {
    const address = email.address.trim();
    if (address === '' || seen.has(`email:${address.toLowerCase()}`)) continue;
    seen.add(`email:${address.toLowerCase()}`);
    const anonymized = anonymizeEmail(address);
    contacts.push({
      kind: 'email',
      id: email.id,
      address,
      anonymized,
      label: `E-mail ${anonymized}`,
    });
  }
  for (const phone of phones) {
    const digits = phone.number.replace(/\D/g, '');
    if (digits.length < 7 || seen.has(`phone:${digits}`)) continue;
    seen.add(`phone:${digits}`);
    const anonymized = anonymizePhone(digits);
    contacts.push({
      kind: 'phone',
      id: phone.id,
      address: digits,
      anonymized,
      label: `Text message to ${anonymized}`,
    });
  }
  return contacts;
}

export function optionsFor(
  flowToken: string,
  contacts: readonly ContactOnFile[],
): AuthenticationOption[] {
  return contacts.map((contact) => ({
    label: contact.label,
    key: contactKey(flowToken, contact.kind, contact.id),
  }));
}

/**
 * ERR-47, ERR-48: whom a member without a reachable contact can call to update their records:
 * the current Secretary of one of their clubs in this organisation (their lodge first), with a
 * phone when one is on file; the name alone otherwise; null when there is none.
 */
export async function clubContactFor(
  db: Kysely<Database>,
  partyId: number,
  organizationId: number,
  today = new Date().toISOString().slice(0, 10),
): Promise<ClubContact | null> {
  const secretaries = await currentSecretariesFor(db, partyId, organizationId, today);

  const named = secretaries
    .map((row) => ({
      partyId: row.party_id,
      name:
        row.first_name !== null || row.last_name !== null
          ? displayName(row)
          : (row.full_name?.trim() ?? ''),
    }))
    .filter((row) => row.name !== '');
  if (named.length === 0) return null;

  const partyIds = named.flatMap((row) => (row.partyId === null ? [] : [row.partyId]));
  if (partyIds.length > 0) {
    const phones = await phonesOfParties(db, partyIds);
    for (const secretary of named) {
      // A mobile first: the member is told to call, and a mobile is answered in person.
      const phone = phones
        .filter((row) => row.party_id === secretary.partyId)
        .sort(
          (a, b) =>
            Number(b.type_name === 'CellPhone') - Number(a.type_name === 'CellPhone') ||
            a.sort_order - b.sort_order,
        )[0];
      if (phone) return { name: secretary.name, phone: phone.number };
    }
  }
  const first = named[0];
  return first ? { name: first.name, phone: null } : null;
}
