import { z } from 'zod';
import {
  CANT_BE_BLANK,
  INVALID_CHOICE,
  INVALID_DAY_FORMAT,
  INVALID_EMAIL,
  INVALID_ZIPCODE,
  NOT_A_NUMBER,
  contactTypeOverLimit,
  contactTypeUnderMin,
  fieldTooLong,
} from '../messages.ts';

/**
 * The member's own contact information (§3 Contact metadata, §5 Contact forms, §7 Account;
 * ENT-25..29, VAL-29..41, API-ACCT-03/04; docs/decisions.md D49). The rules of §5 live here
 * once: `contactRules(reference)` builds them from the reference data (countries with their
 * states, contact types), and both the edit form's resolver and `PUT /contacts.json` run them,
 * so a client that skips the form meets the same messages under the same fields.
 */

export const contactKindSchema = z.enum(['address', 'email', 'phone']);
export type ContactKind = z.infer<typeof contactKindSchema>;

// ---- Reference data --------------------------------------------------------------------------

/** ENT-28: a state of a country; `is_default` is preselected on the form (ACCT-28). */
export const contactStateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The postal abbreviation ('OH'), which an address's `state` holds. */
  code: z.string(),
  is_default: z.boolean(),
});
export type ContactState = z.infer<typeof contactStateSchema>;

/** ENT-28: a country; zips of an `is_zip4` country are 5 digits or 5+4 (VAL-37). */
export const contactCountrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  is_default: z.boolean(),
  is_zip4: z.boolean(),
  states: z.array(contactStateSchema),
});
export type ContactCountry = z.infer<typeof contactCountrySchema>;

/**
 * ENT-27: a contact type. `name` is the spec's wire value (CellPhone, OfficeAddress...);
 * `limit` is the most entries of the type, `min` the fewest; `allows_days` (addresses) asks for
 * start_day/end_day, `allows_extension` (phones) offers an extension.
 */
export const contactTypeSchema = z.object({
  name: z.string(),
  kind: contactKindSchema,
  limit: z.number().int(),
  min: z.number().int(),
  allows_days: z.boolean(),
  allows_extension: z.boolean(),
});
export type ContactType = z.infer<typeof contactTypeSchema>;

/** What the rules need to know: the countries with their states, and the types. */
export interface ContactReference {
  countries: readonly ContactCountry[];
  types: readonly ContactType[];
}

// ---- Entries as the member keeps them (answers) ----------------------------------------------

/** ENT-25: `state` is the state's code, 'OH' (null for a country without states). */
export const contactAddressSchema = z.object({
  type: z.string(),
  company: z.string().nullable(),
  address_1: z.string(),
  address_2: z.string().nullable(),
  city: z.string(),
  state: z.string().nullable(),
  state_id: z.number().int().nullable(),
  zip: z.string(),
  country_id: z.number().int(),
  start_day: z.string().nullable(),
  end_day: z.string().nullable(),
  is_invalid: z.boolean(),
  invalid_reason: z.string().nullable(),
});
export type ContactAddress = z.infer<typeof contactAddressSchema>;

/** ENT-26. */
export const contactEmailSchema = z.object({ type: z.string(), address: z.string() });
export type ContactEmail = z.infer<typeof contactEmailSchema>;

/** ENT-26: `number` is digits only, as stored; screens format it (CONST-35). */
export const contactPhoneSchema = z.object({
  type: z.string(),
  number: z.string(),
  extension: z.string().nullable(),
});
export type ContactPhone = z.infer<typeof contactPhoneSchema>;

export const contactPartySchema = z.object({
  id: z.number().int(),
  display_name: z.string(),
  addresses: z.array(contactAddressSchema),
  emails: z.array(contactEmailSchema),
  phones: z.array(contactPhoneSchema),
});
export type ContactParty = z.infer<typeof contactPartySchema>;

/** `GET /contacts.json` and the answer of `PUT /contacts.json` (API-ACCT-03). */
export const contactInfoAnswerSchema = z.object({
  data: z.object({
    parties: z.array(z.object({ party: contactPartySchema })),
    countries: z.array(contactCountrySchema),
    types: z.array(contactTypeSchema),
  }),
});
export type ContactInfoAnswer = z.infer<typeof contactInfoAnswerSchema>;
export type ContactInfo = ContactInfoAnswer['data'];

// ---- Entries as a form or a client sends them --------------------------------------------------

/** Text a member typed: missing, null and '' all mean "left blank" to the rules. */
const typed = z.string().nullish();
const chosenId = z.number().int().nullish();

/**
 * One address as sent. `state` is not read (the state's code follows `state_id`), nor are
 * `is_invalid`/`invalid_reason` (the roster sets those; D49), so an answer's entry may be sent
 * back as it came.
 */
export const addressInputSchema = z.object({
  type: typed,
  company: typed,
  address_1: typed,
  address_2: typed,
  city: typed,
  state: typed,
  state_id: chosenId,
  zip: typed,
  country_id: chosenId,
  start_day: typed,
  end_day: typed,
  is_invalid: z.boolean().nullish(),
  invalid_reason: typed,
});
export type AddressInput = z.infer<typeof addressInputSchema>;

export const emailInputSchema = z.object({ type: typed, address: typed });
export type EmailInput = z.infer<typeof emailInputSchema>;

export const phoneInputSchema = z.object({ type: typed, number: typed, extension: typed });
export type PhoneInput = z.infer<typeof phoneInputSchema>;

/** API-ACCT-04: the whole set, every time (ACCT-23). */
export const contactMetadataInputSchema = z.object({
  addresses: z.array(addressInputSchema),
  emails: z.array(emailInputSchema),
  phones: z.array(phoneInputSchema),
});
export type ContactMetadataInput = z.infer<typeof contactMetadataInputSchema>;

export const updateContactInfoRequestSchema = z.object({
  contact_metadata: contactMetadataInputSchema,
});
export type UpdateContactInfoRequest = z.infer<typeof updateContactInfoRequestSchema>;

// ---- The rules of §5 ----------------------------------------------------------------------

/** Longest texts kept; longer is refused with fieldTooLong. */
export const CONTACT_TEXT_MAX = 100;
export const CONTACT_EMAIL_MAX = 254;
export const CONTACT_PHONE_MAX = 20;
export const CONTACT_EXTENSION_MAX = 10;

/** VAL-37. */
export const ZIP4_PATTERN = /^\d{5}(-\d{4})?$/;
/** VAL-39: mm/dd, month 01-12, day 01-31. */
export const DAY_PATTERN = /^(0[1-9]|1[0-2])\/(0[1-9]|[12]\d|3[01])$/;
/** VAL-40: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** What a phone number may hold besides digits: the usual ways of writing one. */
const PHONE_PUNCTUATION = /[\s().+-]/g;

/** A typed value trimmed, or null when blank. */
export function cleanText(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** The digits of a phone number as stored: '(614) 555-0100' -> '6145550100'. */
export function phoneDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/** An address as stored: trimmed, blanks null, the state's code from its id, days only for a type that has them. */
export interface CleanAddress {
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
}
export interface CleanEmail {
  type: string;
  address: string;
}
export interface CleanPhone {
  type: string;
  number: string;
  extension: string | null;
}
export interface CleanContactMetadata {
  addresses: CleanAddress[];
  emails: CleanEmail[];
  phones: CleanPhone[];
}

type IssueSink = z.core.$RefinementCtx;

function blankOrLong(
  ctx: IssueSink,
  field: string,
  value: string | null,
  max: number,
  required: boolean,
): boolean {
  if (value === null) {
    if (required) ctx.addIssue({ code: 'custom', path: [field], message: CANT_BE_BLANK });
    return required;
  }
  if (value.length > max) {
    ctx.addIssue({ code: 'custom', path: [field], message: fieldTooLong(max) });
    return true;
  }
  return false;
}

/**
 * The rules of §5 for one kind of entry and the whole set, from the reference data. Each entry
 * schema reports under the form's own field names (`zip`, `start_day`...); the set's schema under
 * `addresses.0.zip` and so on, with the per-type limits and minimums under `base`.
 */
export function contactRules(reference: ContactReference) {
  const typeOf = (kind: ContactKind, name: string | null): ContactType | undefined =>
    name === null
      ? undefined
      : reference.types.find((type) => type.kind === kind && type.name === name);
  const countryOf = (id: number | null | undefined): ContactCountry | undefined =>
    id == null ? undefined : reference.countries.find((country) => country.id === id);

  /** Type: blank (VAL-29) or not one of this kind's types. */
  const checkType = (ctx: IssueSink, kind: ContactKind, name: string | null) => {
    if (name === null) {
      ctx.addIssue({ code: 'custom', path: ['type'], message: CANT_BE_BLANK });
      return undefined;
    }
    const type = typeOf(kind, name);
    if (!type) ctx.addIssue({ code: 'custom', path: ['type'], message: INVALID_CHOICE });
    return type;
  };

  const address = addressInputSchema
    .superRefine((input, ctx) => {
      const type = checkType(ctx, 'address', cleanText(input.type));
      blankOrLong(ctx, 'company', cleanText(input.company), CONTACT_TEXT_MAX, false);
      blankOrLong(ctx, 'address_1', cleanText(input.address_1), CONTACT_TEXT_MAX, true);
      blankOrLong(ctx, 'address_2', cleanText(input.address_2), CONTACT_TEXT_MAX, false);
      blankOrLong(ctx, 'city', cleanText(input.city), CONTACT_TEXT_MAX, true);
      const country = countryOf(input.country_id);
      if (input.country_id == null) {
        ctx.addIssue({ code: 'custom', path: ['country_id'], message: CANT_BE_BLANK });
      } else if (!country) {
        ctx.addIssue({ code: 'custom', path: ['country_id'], message: INVALID_CHOICE });
      }
      if (country && country.states.length > 0) {
        // VAL-36, AMB-23.
        if (input.state_id == null) {
          ctx.addIssue({ code: 'custom', path: ['state_id'], message: CANT_BE_BLANK });
        } else if (!country.states.some((state) => state.id === input.state_id)) {
          ctx.addIssue({ code: 'custom', path: ['state_id'], message: INVALID_CHOICE });
        }
      } else if (country && input.state_id != null) {
        ctx.addIssue({ code: 'custom', path: ['state_id'], message: INVALID_CHOICE });
      }
      const zip = cleanText(input.zip);
      if (!blankOrLong(ctx, 'zip', zip, CONTACT_TEXT_MAX, true) && zip !== null) {
        // VAL-37: only a zip4 country's zips have a shape.
        if (country?.is_zip4 && !ZIP4_PATTERN.test(zip)) {
          ctx.addIssue({ code: 'custom', path: ['zip'], message: INVALID_ZIPCODE });
        }
      }
      if (type?.allows_days) {
        // VAL-38, VAL-39.
        for (const field of ['start_day', 'end_day'] as const) {
          const day = cleanText(input[field]);
          if (day === null) ctx.addIssue({ code: 'custom', path: [field], message: CANT_BE_BLANK });
          else if (!DAY_PATTERN.test(day)) {
            ctx.addIssue({ code: 'custom', path: [field], message: INVALID_DAY_FORMAT });
          }
        }
      }
    })
    .transform((input): CleanAddress => {
      const country = countryOf(input.country_id);
      const state = country?.states.find((candidate) => candidate.id === input.state_id);
      const days = typeOf('address', cleanText(input.type))?.allows_days ?? false;
      return {
        type: cleanText(input.type) ?? '',
        company: cleanText(input.company),
        address_1: cleanText(input.address_1) ?? '',
        address_2: cleanText(input.address_2),
        city: cleanText(input.city) ?? '',
        state: state?.code ?? null,
        state_id: state?.id ?? null,
        zip: cleanText(input.zip) ?? '',
        country_id: input.country_id ?? 0,
        start_day: days ? cleanText(input.start_day) : null,
        end_day: days ? cleanText(input.end_day) : null,
      };
    });

  const email = emailInputSchema
    .superRefine((input, ctx) => {
      checkType(ctx, 'email', cleanText(input.type));
      const value = cleanText(input.address);
      // VAL-34, VAL-40.
      if (!blankOrLong(ctx, 'address', value, CONTACT_EMAIL_MAX, true) && value !== null) {
        if (!EMAIL_PATTERN.test(value)) {
          ctx.addIssue({ code: 'custom', path: ['address'], message: INVALID_EMAIL });
        }
      }
    })
    .transform((input): CleanEmail => ({
      type: cleanText(input.type) ?? '',
      address: cleanText(input.address) ?? '',
    }));

  const phone = phoneInputSchema
    .superRefine((input, ctx) => {
      const type = checkType(ctx, 'phone', cleanText(input.type));
      const value = cleanText(input.number);
      // VAL-35; a number is digits, however it is punctuated.
      if (!blankOrLong(ctx, 'number', value, CONTACT_PHONE_MAX, true) && value !== null) {
        const digits = value.replace(PHONE_PUNCTUATION, '');
        if (digits === '' || !/^\d+$/.test(digits)) {
          ctx.addIssue({ code: 'custom', path: ['number'], message: NOT_A_NUMBER });
        }
      }
      const extension = cleanText(input.extension);
      // VAL-41: only where the type offers an extension.
      if (type?.allows_extension && extension !== null) {
        if (!/^\d+$/.test(extension)) {
          ctx.addIssue({ code: 'custom', path: ['extension'], message: NOT_A_NUMBER });
        } else {
          blankOrLong(ctx, 'extension', extension, CONTACT_EXTENSION_MAX, false);
        }
      }
    })
    .transform((input): CleanPhone => {
      const allowsExtension = typeOf('phone', cleanText(input.type))?.allows_extension ?? false;
      return {
        type: cleanText(input.type) ?? '',
        number: phoneDigits(input.number ?? ''),
        extension: allowsExtension ? cleanText(input.extension) : null,
      };
    });

  const metadata = z
    .object({ addresses: z.array(address), emails: z.array(email), phones: z.array(phone) })
    .superRefine((set, ctx) => {
      const lists = { address: set.addresses, email: set.emails, phone: set.phones };
      for (const type of reference.types) {
        const count = lists[type.kind].filter((entry) => entry.type === type.name).length;
        if (count > type.limit) {
          ctx.addIssue({
            code: 'custom',
            path: ['base'],
            message: contactTypeOverLimit(contactTypeLabel(type.name), type.limit),
          });
        } else if (count < type.min) {
          ctx.addIssue({
            code: 'custom',
            path: ['base'],
            message: contactTypeUnderMin(contactTypeLabel(type.name), type.min),
          });
        }
      }
    });

  return { address, email, phone, metadata };
}

export type ContactRules = ReturnType<typeof contactRules>;

/** Field errors of a failed check, keyed by the issue's path ('zip', 'addresses.0.zip', 'base'). */
export function contactFieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length === 0 ? 'base' : issue.path.map(String).join('.');
    const messages = (errors[key] ??= []);
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  return errors;
}

/**
 * A type's name as a reader says it: the spec's wire value with its words spaced
 * ('CellPhone' -> 'Cell Phone'), so the spec's names stay recognisable (D49).
 */
export function contactTypeLabel(name: string): string {
  return name.replace(/([a-z])([A-Z])/g, '$1 $2');
}
