/**
 * CONST-35: a ten-digit (North American) telephone number shows as `(xxx) xxx-xxxx`; any
 * other number shows as it was given.
 */
export function formatPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const ten = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (ten.length !== 10 || digits.length < phone.replace(/[\s().+-]/g, '').length) return phone;
  return `(${ten.slice(0, 3)}) ${ten.slice(3, 6)}-${ten.slice(6)}`;
}

/** The target of a tap-to-call link: `tel:` and the digits (a leading + kept). */
export function telHref(phone: string): string {
  const plus = phone.trim().startsWith('+') ? '+' : '';
  return `tel:${plus}${phone.replace(/\D/g, '')}`;
}
