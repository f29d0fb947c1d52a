import { displayName } from '../../common/display-name.ts';
import {
  contactFieldErrors,
  contactRules,
  type CleanAddress,
  type ContactInfo,
  type ContactMetadataInput,
  type ContactReference,
} from '../../common/schemas/contact-info.ts';
import { requireMember, type Actor } from '../auth/actor.ts';
import {
  addressesOf,
  contactOwnerOf,
  contactReferenceRows,
  emailsOf,
  lockParty,
  replaceContacts,
} from '../db/contact-info.ts';
import { phonesOf } from '../db/parties.ts';
import { NotFoundError, ValidationError } from '../errors.ts';
import { assertAllowed } from '../policies/assert.ts';
import { mayManageContactInfo } from '../policies/contact-info.ts';
import {
  presentAddress,
  presentContactType,
  presentCountry,
  presentEmail,
  presentPhone,
  type AddressRow,
} from '../presenters/contact-info.ts';
import type { ServiceContext } from './context.ts';

/**
 * The member's own contact information (§2 My Account, §7 Account; API-ACCT-03/04, D49):
 * `GET /contacts.json` and `PUT /contacts.json`, which replaces the whole set at once.
 * (services/contacts.ts is something else: the recent and favourite contacts.)
 */

/** Countries, states and contact types change a few times a year; a change shows within a minute. */
const REFERENCE_TTL_MS = 60_000;

interface Reference extends ContactReference {
  /** Contact type ids by kind and name, for writing. */
  typeIds: ReadonlyMap<string, number>;
}

const typeKey = (kind: string, name: string) => `${kind}:${name}`;

function loadReference(ctx: ServiceContext): Promise<Reference> {
  return ctx.memo('contact-reference', REFERENCE_TTL_MS, async () => {
    const { types, countries, states } = await contactReferenceRows(ctx.db);
    return {
      types: types.map(presentContactType),
      countries: countries.map((country) => presentCountry(country, states)),
      typeIds: new Map(types.map((type) => [typeKey(type.kind, type.name), type.id])),
    };
  });
}

async function contactInfoOf(ctx: ServiceContext, partyId: number): Promise<ContactInfo> {
  const [reference, party, addresses, emails, phones] = await Promise.all([
    loadReference(ctx),
    contactOwnerOf(ctx.db, partyId),
    addressesOf(ctx.db, partyId),
    emailsOf(ctx.db, partyId),
    phonesOf(ctx.db, partyId),
  ]);
  if (!party) throw new NotFoundError();
  return {
    parties: [
      {
        party: {
          id: party.id,
          display_name: displayName(party),
          addresses: addresses.map(presentAddress),
          emails: emails.map(presentEmail),
          phones: phones.map(presentPhone),
        },
      },
    ],
    countries: [...reference.countries],
    types: [...reference.types],
  };
}

/** GET /contacts.json (ACCT-18, API-ACCT-03): the member's party with its contacts, countries, types. */
export async function getContactInfo(ctx: ServiceContext, actor: Actor): Promise<ContactInfo> {
  const member = requireMember(actor);
  assertAllowed(mayManageContactInfo(member, member.partyId));
  return contactInfoOf(ctx, member.partyId);
}

/** What makes two addresses the same one, for keeping the roster's "Currently Invalid" (D49). */
function addressKey(address: CleanAddress | AddressRow): string {
  return JSON.stringify([
    address.type,
    address.company,
    address.address_1,
    address.address_2,
    address.city,
    address.state_id,
    address.zip,
    address.country_id,
    address.start_day,
    address.end_day,
  ]);
}

/**
 * PUT /contacts.json (ACCT-23, API-ACCT-04): checks the whole set by the rules of §5 that the
 * form runs (common/schemas/contact-info.ts), the per-type limits and minimums, then replaces
 * the member's addresses, e-mails and phones in one transaction. An address sent back unchanged
 * keeps the roster's invalid flag and reason; a changed one starts valid (D49).
 */
export async function replaceContactInfo(
  ctx: ServiceContext,
  actor: Actor,
  input: ContactMetadataInput,
): Promise<ContactInfo> {
  const member = requireMember(actor);
  assertAllowed(mayManageContactInfo(member, member.partyId));
  const reference = await loadReference(ctx);
  const checked = contactRules(reference).metadata.safeParse(input);
  if (!checked.success) throw new ValidationError(contactFieldErrors(checked.error));
  const set = checked.data;
  const typeId = (kind: string, name: string): number => {
    const id = reference.typeIds.get(typeKey(kind, name));
    // The rules accepted only known types; a type deleted within the memo's minute is refused.
    if (id === undefined) throw new ValidationError({ base: ['Contact types have changed.'] });
    return id;
  };
  const now = Date.now();
  const partyId = member.partyId;

  await ctx.db.transaction().execute(async (trx) => {
    // Two PUTs at once: on PostgreSQL (read committed) each would delete only the rows it saw
    // and both inserts would stay, a mix over the limits. The party row serialises them: the
    // second waits here, then replaces what the first wrote. SQLite's writer lock does this.
    if (ctx.engine === 'postgres') await lockParty(trx, partyId);
    const before = await addressesOf(trx, partyId);
    const flagged = new Map<string, AddressRow[]>();
    for (const row of before) {
      if (row.is_invalid !== 1) continue;
      const key = addressKey(row);
      flagged.set(key, [...(flagged.get(key) ?? []), row]);
    }
    await replaceContacts(trx, partyId, {
      addresses: set.addresses.map((address) => {
        const kept = flagged.get(addressKey(address))?.shift();
        const { type, ...fields } = address;
        return {
          ...fields,
          contact_type_id: typeId('address', type),
          is_invalid: kept ? 1 : 0,
          invalid_reason: kept?.invalid_reason ?? null,
          created_at: now,
          updated_at: now,
        };
      }),
      emails: set.emails.map((email) => ({
        contact_type_id: typeId('email', email.type),
        address: email.address,
        created_at: now,
        updated_at: now,
      })),
      phones: set.phones.map((phone) => ({
        contact_type_id: typeId('phone', phone.type),
        number: phone.number,
        extension: phone.extension,
        created_at: now,
        updated_at: now,
      })),
    });
  });
  return contactInfoOf(ctx, partyId);
}
