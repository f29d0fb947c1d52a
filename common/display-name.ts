export interface PersonName {
  first_name: string | null;
  middle_name?: string | null;
  last_name: string | null;
  suffix?: string | null;
  preferred_name?: string | null;
}

/**
 * The name a member goes by (ENT-05): the preferred name when there is one; otherwise first,
 * middle and last joined by single spaces, with the suffix after a comma.
 */
export function displayName(name: PersonName): string {
  const preferred = name.preferred_name?.trim();
  if (preferred) return preferred;
  const full = [name.first_name, name.middle_name, name.last_name]
    .map((part) => part?.trim())
    .filter((part): part is string => Boolean(part))
    .join(' ');
  const suffix = name.suffix?.trim();
  return suffix ? `${full}, ${suffix}` : full;
}
