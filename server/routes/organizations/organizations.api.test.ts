import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../test/api-harness.ts';
import type { TestServer } from '../../test/api-harness.ts';
import type { Organization } from '../../../common/schemas/organization.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.database.handle;
  await db
    .insertInto('organizations')
    .values([
      {
        name: 'Grand Lodge of Ohio F&AM',
        member_number_min_length: 4,
        member_number_max_length: 8,
        is_recognized: 1,
      },
      {
        name: 'Benevolent Order of Elks',
        member_number_min_length: null,
        member_number_max_length: null,
        is_recognized: 0,
      },
    ])
    .execute();
});

afterAll(async () => {
  await server.close();
});

describe('GET /organizations.json (ENT-20)', () => {
  it('lists every organisation by name, with its member-number rules', async () => {
    const response = await server.request<{ data: { organizations: Organization[] } }>(
      'GET',
      '/organizations.json',
    );
    expect(response.status).toBe(200);
    const { organizations } = response.body.data;
    expect(organizations.map((o) => o.name)).toEqual([
      'Benevolent Order of Elks',
      'Grand Lodge of Ohio F&AM',
    ]);
    expect(organizations[1]).toEqual({
      id: expect.any(Number),
      name: 'Grand Lodge of Ohio F&AM',
      member_status_criteria: { member_number: { minimum_length: 4, maximum_length: 8 } },
    });
  });
});

describe('GET /organizations/recognized.json (AMB-07)', () => {
  it('lists only the organisations the status checker knows', async () => {
    const response = await server.request<{ data: { organizations: Organization[] } }>(
      'GET',
      '/organizations/recognized.json',
    );
    expect(response.status).toBe(200);
    expect(response.body.data.organizations.map((o) => o.name)).toEqual([
      'Grand Lodge of Ohio F&AM',
    ]);
  });
});
