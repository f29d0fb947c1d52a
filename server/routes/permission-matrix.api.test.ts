import { fileURLToPath } from 'node:url';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONA_NAMES, adminsOnly } from '../test/access-matrix.ts';
import { startTestServer } from '../test/api-harness.ts';
import type { TestServer } from '../test/api-harness.ts';
import { seedDemoData } from '../test/member-client.ts';
import {
  adminOperations,
  createMatrix,
  documentedOperations,
  loadAccessEntries,
} from '../test/permission-matrix.ts';
import type { Matrix } from '../test/permission-matrix.ts';
import { routeTable, routesOutsideTheMatrix } from '../test/route-table.ts';

/*
 * The permission matrix (issue 21, docs/decisions.md D55): every operation of the OpenAPI
 * document (and a few further calls of some, exported as `further`), called by the visitor, M,
 * M2, W, A and X (a member of another organisation), each answer's status held to what the
 * operation's route folder declares in its `access.ts`, and every 2xx answer's people to the
 * directory's rule (D37). An operation without an entry fails,
 * and so does a route the document leaves out unless it is listed with its reason
 * (server/test/route-table.ts), so no route ships unexamined.
 */

const entries = await loadAccessEntries(fileURLToPath(new URL('.', import.meta.url)));

let server: TestServer;
let matrix: Matrix;
let operations: string[];
let forAdmins: string[];
const registered: RouteOptions[] = [];

beforeAll(async () => {
  server = await startTestServer({
    // The flows' browsers each call from an address of their own (X-Forwarded-For), and the
    // matrix signs in some twenty times from one: limits are not what it tests.
    env: { TRUST_PROXY: 'true', SIGN_IN_LIMIT_PER_ADDRESS: '1000' },
    onRoute: (route) => registered.push(route),
  });
  await seedDemoData(server);
  operations = await documentedOperations(server);
  forAdmins = await adminOperations(server);
  matrix = await createMatrix(server);
});

afterAll(async () => {
  await server?.close();
});

describe('the permission matrix covers the route table', () => {
  it('has one entry for every operation of the OpenAPI document, and none for another', () => {
    const declared = entries.filter(({ further }) => !further).map(({ entry }) => entry.operation);
    const furtherCalls = entries
      .filter(({ further }) => further)
      .map(({ entry }) => entry.operation);
    expect(operations.length).toBeGreaterThan(70);
    expect({
      withoutEntry: operations.filter((operation) => !declared.includes(operation)),
      notInTheDocument: [...declared, ...furtherCalls].filter(
        (operation) => !operations.includes(operation),
      ),
      declaredTwice: declared.filter((operation, index) => declared.indexOf(operation) !== index),
    }).toEqual({ withoutEntry: [], notInTheDocument: [], declaredTwice: [] });
  });

  it('expects every administrators’ operation to refuse all but the administrator (D62)', () => {
    // The level is the route's own (`config: { admin: true }`); its entry must say the same.
    const misdeclared = entries
      .filter(({ entry }) => forAdmins.includes(entry.operation))
      .filter(({ entry }) => {
        const expected = adminsOnly(entry.expect.A);
        return PERSONA_NAMES.some((persona) => entry.expect[persona] !== expected[persona]);
      })
      .map(({ entry }) => entry.operation);
    expect(forAdmins.every((operation) => operations.includes(operation))).toBe(true);
    expect(misdeclared).toEqual([]);
  });

  it('has every route the server registers in the document, or listed as hidden with its reason', () => {
    // The documented operations are among the routes seen: the route table was read whole.
    expect(routesOutsideTheMatrix(routeTable(registered), operations)).toEqual({
      unlisted: [],
      listedButAbsent: [],
      documentedButAbsent: [],
    });
  });
});

// The matrix's size, as the run counts it (docs/decisions.md D55 quotes it).
const operationCount = entries.filter(({ further }) => !further).length;
const calls = `${operationCount} operations + ${entries.length - operationCount} further`;
const cells = `${entries.length * PERSONA_NAMES.length} cells`;

describe(`each operation, called by every persona (${calls}) × ${PERSONA_NAMES.length} = ${cells}`, () => {
  for (const { folder, entry, further } of entries) {
    const outcomes = PERSONA_NAMES.filter((persona) => entry.expect[persona] !== undefined).map(
      (persona) => `${persona} ${entry.expect[persona]}`,
    );
    const from = further ? `${folder}, further` : folder;
    it(`${entry.operation} (${from}): ${outcomes.join(', ')}`, async () => {
      const wrong: string[] = [];
      for (const persona of PERSONA_NAMES) wrong.push(...(await matrix.cell(entry, persona)));
      expect(wrong).toEqual([]);
    });
  }
});
