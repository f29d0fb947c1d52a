import type {
  ClubOfficersAnswer,
  OfficerPosition,
} from '../../../common/schemas/console-officers.ts';
import { HARMONY } from './console-fixtures.ts';

/** The officers answers as the server gives them (common/schemas/console-officers.ts). */

export function testPosition(
  id: number,
  overrides: Partial<OfficerPosition> = {},
): OfficerPosition {
  return {
    id,
    title: `Office ${id}`,
    sort_order: id,
    retired_on: null,
    terms: [],
    abilities: { remove: true, retire: false },
    ...overrides,
  };
}

export function officersAnswer(positions: OfficerPosition[]): ClubOfficersAnswer {
  return {
    data: {
      club: {
        id: HARMONY.id,
        organization_id: HARMONY.organization_id,
        name: HARMONY.name,
        subdomain: HARMONY.subdomain,
        today: '2026-11-28',
      },
      positions,
    },
  };
}
