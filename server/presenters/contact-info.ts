import type {
  ContactAddress,
  ContactCountry,
  ContactEmail,
  ContactPhone,
  ContactType,
} from '../../common/schemas/contact-info.ts';
import type { ContactKind } from '../db/schema.ts';

/** Rows as services/contact-info.ts reads them; the type is the contact type's name. */
export interface ContactTypeRow {
  id: number;
  kind: ContactKind;
  name: string;
  limit_count: number;
  min_count: number;
  allows_days: number;
  allows_extension: number;
}
export interface CountryRow {
  id: number;
  name: string;
  is_default: number;
  is_zip4: number;
}
export interface StateRow {
  id: number;
  country_id: number;
  name: string;
  code: string;
  is_default: number;
}
export interface AddressRow {
  type: string;
  company: string | null;
  address_1: string;
  address_2: string | null;
  city: string;
  state: string | null;
  state_id: number | null;
  zip: string;
  country_id: number;
  start_day: string | null;
  end_day: string | null;
  is_invalid: number;
  invalid_reason: string | null;
}
export interface EmailRow {
  type: string;
  address: string;
}
export interface PhoneRow {
  type: string;
  number: string;
  extension: string | null;
}

/** ENT-27: the spec's `limit` and `min`, the flags as booleans. */
export function presentContactType(row: ContactTypeRow): ContactType {
  return {
    name: row.name,
    kind: row.kind,
    limit: row.limit_count,
    min: row.min_count,
    allows_days: row.allows_days === 1,
    allows_extension: row.allows_extension === 1,
  };
}

/** ENT-28: a country with its states, by name. */
export function presentCountry(row: CountryRow, states: readonly StateRow[]): ContactCountry {
  return {
    id: row.id,
    name: row.name,
    is_default: row.is_default === 1,
    is_zip4: row.is_zip4 === 1,
    states: states
      .filter((state) => state.country_id === row.id)
      .map((state) => ({
        id: state.id,
        name: state.name,
        code: state.code,
        is_default: state.is_default === 1,
      })),
  };
}

/** ENT-25. */
export function presentAddress(row: AddressRow): ContactAddress {
  return {
    type: row.type,
    company: row.company,
    address_1: row.address_1,
    address_2: row.address_2,
    city: row.city,
    state: row.state,
    state_id: row.state_id,
    zip: row.zip,
    country_id: row.country_id,
    start_day: row.start_day,
    end_day: row.end_day,
    is_invalid: row.is_invalid === 1,
    invalid_reason: row.is_invalid === 1 ? row.invalid_reason : null,
  };
}

/** ENT-26. */
export function presentEmail(row: EmailRow): ContactEmail {
  return { type: row.type, address: row.address };
}

/** ENT-26: digits as stored; screens format them (CONST-35). */
export function presentPhone(row: PhoneRow): ContactPhone {
  return { type: row.type, number: row.number, extension: row.extension };
}
