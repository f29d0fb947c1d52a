export interface AddressParts {
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
}

/** "12 Main St, Suite 3, Columbus, OH 43215": the parts present, in the order a letter uses. */
export function fullAddress(parts: AddressParts): string {
  const stateZip = [parts.state, parts.zip].filter(Boolean).join(' ');
  return [parts.address1, parts.address2, parts.city, stateZip]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ');
}
