import { PHONE_HOME, PHONE_MOBILE, PHONE_OFFICE, PHONE_OTHER } from '../../../common/messages.ts';
import { formatPhone, telHref } from '../../../common/phone.ts';
import type { PartyPhone, RecentContactType } from '../../../common/schemas/party.ts';

/** PARTY-06: the label of a phone by its contact type; any type but the spec's three is `other`. */
export function phoneLabel(type: string): string {
  switch (type) {
    case 'CellPhone':
      return PHONE_MOBILE;
    case 'HomePhone':
      return PHONE_HOME;
    case 'OfficePhone':
      return PHONE_OFFICE;
    default:
      return PHONE_OTHER;
  }
}

/** The number as shown (PARTY-07, CONST-35), with its extension. */
export function phoneText(phone: PartyPhone): string {
  const number = formatPhone(phone.number);
  return phone.extension ? `${number} ext. ${phone.extension}` : number;
}

/** The call link: the digits, then a pause (`,`) and the extension, so a phone dials it through. */
export function phoneHref(phone: PartyPhone): string {
  const extension = phone.extension?.replace(/\D/g, '') ?? '';
  return extension ? `${telHref(phone.number)},${extension}` : telHref(phone.number);
}

/** Escapes encodeURIComponent makes that a mailto: address may keep: "@", ":" and RFC 3986's sub-delims. */
const MAILTO_KEPT = /%(?:40|3A|21|24|26|27|28|29|2A|2B|2C|3B|3D)/g;

/**
 * The e-mail link. An address may hold "?", "#" and "%" (VAL-40 refuses only white space and a
 * second "@"); written into a mailto: link as it stands, "?" would start header fields, so a
 * member could give an address whose link adds a hidden copy or a body to the mail another
 * member writes them. Encoded as RFC 6068 §2 asks ("%", "/", "?", "#", "[", "]" and what a URI
 * cannot hold), the link writes to the address shown and to nobody else.
 */
export function mailtoHref(address: string): string {
  return `mailto:${encodeURIComponent(address).replace(MAILTO_KEPT, decodeURIComponent)}`;
}

/** How a call is recorded in Members › Recent (ENT-18): the phone's own type, else `cell`. */
export function contactTypeOfPhone(type: string): RecentContactType {
  return type === 'CellPhone' || type === 'HomePhone' || type === 'OfficePhone' ? type : 'cell';
}
