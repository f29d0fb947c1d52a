import { COUNTRIES } from './places.ts';
import type { SeedContext } from './seed-context.ts';
import type { ContactKind } from '../schema.ts';

/*
 * Reference data every installation needs, demo or not: countries with their states and the
 * contact types with their limits. The spec names CellPhone, HomePhone, OfficePhone and
 * OfficeAddress; the others are what a roster usually has.
 */

interface ContactTypeDef {
  kind: ContactKind;
  name: string;
  limit: number;
  min: number;
  allowsDays?: boolean;
  allowsExtension?: boolean;
}

export const CONTACT_TYPES: readonly ContactTypeDef[] = [
  // A member keeps one home address (min 1), so it can be edited but not removed.
  { kind: 'address', name: 'HomeAddress', limit: 1, min: 1 },
  { kind: 'address', name: 'OfficeAddress', limit: 1, min: 0 },
  // Snowbirds' winter address, valid between start_day and end_day.
  { kind: 'address', name: 'SeasonalAddress', limit: 2, min: 0, allowsDays: true },
  { kind: 'email', name: 'PersonalEmail', limit: 2, min: 0 },
  { kind: 'email', name: 'WorkEmail', limit: 1, min: 0 },
  { kind: 'phone', name: 'CellPhone', limit: 2, min: 0 },
  { kind: 'phone', name: 'HomePhone', limit: 1, min: 0 },
  { kind: 'phone', name: 'OfficePhone', limit: 1, min: 0, allowsExtension: true },
];

export async function seedReferenceData(ctx: SeedContext): Promise<void> {
  const { writer, ids, world } = ctx;
  let order = 0;
  for (const type of CONTACT_TYPES) {
    const id = ids.take('contact_types');
    world.contactTypeIds.set(type.name, id);
    await writer.add('contact_types', {
      id,
      kind: type.kind,
      name: type.name,
      limit_count: type.limit,
      min_count: type.min,
      allows_days: type.allowsDays ? 1 : 0,
      allows_extension: type.allowsExtension ? 1 : 0,
      sort_order: ++order,
    });
  }
  order = 0;
  for (const country of COUNTRIES) {
    const countryId = ids.take('countries');
    world.countryIds.set(country.code, countryId);
    await writer.add('countries', {
      id: countryId,
      name: country.name,
      code: country.code,
      is_default: country.isDefault ? 1 : 0,
      is_zip4: country.isZip4 ? 1 : 0,
      sort_order: ++order,
    });
    for (const [code, name] of country.states) {
      const stateId = ids.take('states');
      world.stateIds.set(`${country.code}:${code}`, stateId);
      await writer.add('states', {
        id: stateId,
        country_id: countryId,
        name,
        code,
        is_default: code === country.defaultState ? 1 : 0,
      });
    }
  }
}
