import type {
  AddressInput,
  ContactCountry,
  ContactInfo,
  ContactKind,
  ContactMetadataInput,
  ContactParty,
  ContactType,
  EmailInput,
  PhoneInput,
} from '../../../../common/schemas/contact-info.ts';

/**
 * The contact set as the section and the edit page work on it (ACCT-20, ACCT-21, ACCT-23,
 * AMB-46): which entries may go, which types may be added, and the whole set to send after a
 * removal or an edit. Pure, so the rules are tested without a screen.
 */

/** Where the edit page was sent from: the list, and the entry's index or null for add. */
export interface ContactEditTarget {
  kind: ContactKind;
  index: number | null;
}

export const CONTACT_EDIT_PATH = '/my_account/contacts/edit';

/** The navigation state the section's links carry (ACCT-27: none means a direct load). */
export function contactEditTargetOf(state: unknown): ContactEditTarget | null {
  if (typeof state !== 'object' || state === null) return null;
  const { kind, index } = state as Record<string, unknown>;
  if (kind !== 'address' && kind !== 'email' && kind !== 'phone') return null;
  if (index === null) return { kind, index: null };
  if (typeof index === 'number' && Number.isInteger(index) && index >= 0) return { kind, index };
  return null;
}

export type ContactEntry = AddressInput | EmailInput | PhoneInput;

export const LIST_OF: Readonly<Record<ContactKind, keyof ContactMetadataInput>> = {
  address: 'addresses',
  email: 'emails',
  phone: 'phones',
};

/** The party's entries as the set PUT /contacts.json takes. */
export function contactSetOf(party: ContactParty): ContactMetadataInput {
  return { addresses: party.addresses, emails: party.emails, phones: party.phones };
}

function entriesOf(set: ContactMetadataInput, kind: ContactKind): readonly ContactEntry[] {
  return set[LIST_OF[kind]];
}

export function typesOf(types: readonly ContactType[], kind: ContactKind): ContactType[] {
  return types.filter((type) => type.kind === kind);
}

function countOf(entries: readonly ContactEntry[], name: string): number {
  return entries.filter((entry) => entry.type === name).length;
}

/** ACCT-20, AMB-46: an entry may be removed while its own type's count exceeds the type's min. */
export function canRemove(
  set: ContactMetadataInput,
  types: readonly ContactType[],
  kind: ContactKind,
  index: number,
): boolean {
  const entries = entriesOf(set, kind);
  const entry = entries[index];
  if (!entry) return false;
  const type = types.find((candidate) => candidate.kind === kind && candidate.name === entry.type);
  return countOf(entries, entry.type ?? '') > (type?.min ?? 0);
}

/**
 * ACCT-21, AMB-46: the types of a kind the member may choose for an entry: those below their
 * limit, plus, when editing, the entry's own type (it keeps its place).
 */
export function choosableTypes(
  set: ContactMetadataInput,
  types: readonly ContactType[],
  kind: ContactKind,
  editing: number | null,
): ContactType[] {
  const entries = entriesOf(set, kind);
  const own = editing === null ? undefined : entries[editing]?.type;
  return typesOf(types, kind).filter(
    (type) => type.name === own || countOf(entries, type.name) < type.limit,
  );
}

/** ACCT-21: 'add' shows while some type of the kind is below its limit. */
export function canAdd(
  set: ContactMetadataInput,
  types: readonly ContactType[],
  kind: ContactKind,
): boolean {
  return choosableTypes(set, types, kind, null).length > 0;
}

/** ACCT-23: the whole set without one entry. */
export function withoutEntry(
  set: ContactMetadataInput,
  kind: ContactKind,
  index: number,
): ContactMetadataInput {
  const list = LIST_OF[kind];
  return { ...set, [list]: set[list].filter((_, at) => at !== index) };
}

/** ACCT-23: the whole set with one entry replaced (index) or added at the end (null). */
export function withEntry(
  set: ContactMetadataInput,
  kind: ContactKind,
  index: number | null,
  entry: ContactEntry,
): ContactMetadataInput {
  const list = LIST_OF[kind];
  const entries: ContactEntry[] = [...set[list]];
  if (index === null) entries.push(entry);
  else entries[index] = entry;
  return { ...set, [list]: entries };
}

/** The index an entry has in the set sent (a new one goes last): where its field errors point. */
export function sentIndex(set: ContactMetadataInput, target: ContactEditTarget): number {
  return target.index ?? set[LIST_OF[target.kind]].length;
}

export function defaultCountry(countries: readonly ContactCountry[]): ContactCountry | undefined {
  return countries.find((country) => country.is_default) ?? countries[0];
}

/** ACCT-28: the state preselected for a country: its default, or none. */
export function defaultStateId(country: ContactCountry | undefined): number | null {
  return country?.states.find((state) => state.is_default)?.id ?? null;
}

/** The address as a letter shows it: street lines, then "City, ST 12345", then the country. */
export function addressLines(
  address: ContactInfo['parties'][number]['party']['addresses'][number],
  countries: readonly ContactCountry[],
): string[] {
  const country = countries.find((candidate) => candidate.id === address.country_id);
  const cityLine = [address.city, [address.state, address.zip].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [
    address.company,
    address.address_1,
    address.address_2,
    cityLine,
    country && !country.is_default ? country.name : null,
  ].filter((line): line is string => Boolean(line && line.trim()));
}
