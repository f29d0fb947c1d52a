import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';
import type { OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../common/constants.ts';
import { MEMBER } from '../db/seed/personas.ts';
import { startTestServer } from '../test/api-harness.ts';
import type { ApiResponse, TestServer } from '../test/api-harness.ts';
import { seedDemoData, signInAs } from '../test/member-client.ts';
import type { MemberClient } from '../test/member-client.ts';
import { problemSchema } from './problems.ts';

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  requestBody?: unknown;
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
}

interface Probe {
  readonly method: string;
  readonly path: string;
  readonly operation: Operation;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

let server: TestServer;
let source: string;
let document: OpenAPI3;
let operations: Probe[];

beforeAll(async () => {
  server = await startTestServer();
  await seedDemoData(server);
  const answer = await server.request<OpenAPI3>('GET', '/openapi.json');
  expect(answer.status).toBe(200);
  source = answer.text;
  document = answer.body;
  const paths = (document.paths ?? {}) as Record<string, Partial<Record<string, Operation>>>;
  operations = Object.entries(paths).flatMap(([documentPath, item]) =>
    METHODS.flatMap((method) => {
      const operation = item[method];
      return operation ? [{ method: method.toUpperCase(), path: documentPath, operation }] : [];
    }),
  );
});

afterAll(async () => {
  await server?.close();
});

const label = ({ method, path: documentPath }: Probe) => `${method} ${documentPath}`;
const isSigned = ({ operation: { security = [] } }: Probe) =>
  security.length > 0 && security.every((requirement) => Object.keys(requirement).length > 0);

/** The address to call for an operation: its path below the prefix, any id one that is not there. */
function addressOf({ path: documentPath }: Probe): string {
  return documentPath.slice(API_PREFIX.length).replace(/\{[^}]+\}/g, '999999');
}

/** What the probe saw of one answer that the document must allow. */
function unlisted({ operation }: Probe, answer: ApiResponse): string[] {
  const wrong: string[] = [];
  if (!(String(answer.status) in operation.responses)) wrong.push(`answered ${answer.status}`);
  if (answer.status >= 400) {
    if (!answer.headers.get('content-type')?.startsWith('application/problem+json')) {
      wrong.push(`refused ${answer.status} without problem+json`);
    }
    if (!problemSchema.safeParse(answer.body).success) wrong.push(`sent ${answer.text}`);
  }
  return wrong;
}

describe('the served OpenAPI document is a contract a generator can use (issue 9, the API contract)', () => {
  it("passes Redocly's recommended rules without a problem", async () => {
    // Lodgehall has no licence to name yet; every other recommended rule applies.
    const config = await createConfig({
      extends: ['recommended'],
      rules: { 'info-license': 'off' },
    });
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
    const described = problems.map(
      (problem) =>
        `${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer ?? '?'}`,
    );
    expect(described).toEqual([]);
  });

  it('names every operation, each name once', () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids).not.toContain(undefined);
    const repeated = ids.filter((id, index) => ids.indexOf(id) !== index);
    expect(repeated).toEqual([]);
    // The central rule, as a client sees it.
    expect(ids).toContain('getPostsById');
    expect(ids).toContain('putCommentsByIdHide');
  });

  it('asks for the signature exactly where the server checks one, and lists what it refuses an unsigned call', async () => {
    expect(operations.length).toBeGreaterThan(20);
    const wrong: string[] = [];
    for (const probe of operations) {
      const body = probe.operation.requestBody === undefined ? {} : { body: {} };
      const answer = await server.request(probe.method, addressOf(probe), body);
      // A public operation is still refused its signature when one is sent, so it lists 401
      // too; unsigned, only an operation that needs the signature answers 401.
      if (isSigned(probe) !== (answer.status === 401)) {
        wrong.push(`${label(probe)}: ${isSigned(probe) ? 'signed' : 'public'}, ${answer.status}`);
      }
      wrong.push(...unlisted(probe, answer).map((what) => `${label(probe)}: ${what}`));
    }
    expect(wrong).toEqual([]);
  });

  it("lists the refusals a member's signed call gets for records that are not there", async () => {
    let member: MemberClient = await signInAs(server, MEMBER.username);
    const wrong: string[] = [];
    for (const probe of operations.filter(isSigned)) {
      const body = probe.operation.requestBody === undefined ? {} : { body: {} };
      const answer = await member.request(probe.method, addressOf(probe), body);
      wrong.push(...unlisted(probe, answer).map((what) => `${label(probe)}: ${what}`));
      // A DELETE that worked may have been the sign-out.
      if (probe.method === 'DELETE' && answer.status < 300) {
        member = await signInAs(server, MEMBER.username);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers every refusal with the one Problem schema', () => {
    const refusals = operations.flatMap((probe) =>
      Object.entries(probe.operation.responses)
        .filter(([status]) => Number(status) >= 400)
        .map(([status, response]) => ({ at: `${label(probe)} ${status}`, response })),
    );
    expect(refusals.length).toBeGreaterThan(operations.length);
    const otherwise = refusals.filter(
      ({ response }) =>
        Object.keys(response.content ?? {}).join() !== 'application/problem+json' ||
        response.content?.['application/problem+json']?.schema?.$ref !==
          '#/components/schemas/Problem',
    );
    expect(otherwise.map(({ at }) => at)).toEqual([]);
  });

  it('generates TypeScript types with openapi-typescript that compile and type a client', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lodgehall-openapi-'));
    try {
      fs.writeFileSync(path.join(folder, 'api.d.ts'), astToString(await openapiTS(document)));
      // Uses the names a client would: operations by operationId, paths, the named schemas.
      fs.writeFileSync(
        path.join(folder, 'usage.ts'),
        `import type { components, operations, paths } from './api';

type Json<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type Refusal<R> = R extends { content: { 'application/problem+json': infer B } } ? B : never;

export const feed: Json<operations['getPosts']['responses'][200]> = { data: { posts: [] } };
// @ts-expect-error the feed's posts are a list
export const notAFeed: Json<operations['getPosts']['responses'][200]> = { data: { posts: 1 } };

export function repliesOf(comment: components['schemas']['Comment']): number[] {
  return comment.children.flatMap((reply) => reply.children.map((deeper) => deeper.id));
}

export const refused: Refusal<operations['postComments']['responses'][403]> = {
  type: 'https://lodgehall.org/problems/forbidden',
  title: 'You may not do that.',
  status: 403,
  errors: { base: ['You may not do that.'] },
};

export const postId: paths['${API_PREFIX}/posts/{id}.json']['get']['parameters']['path']['id'] = 1;
`,
      );
      const program = ts.createProgram([path.join(folder, 'usage.ts')], {
        strict: true,
        noEmit: true,
        noUnusedLocals: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        lib: ['lib.es2022.d.ts'],
        types: [],
      });
      const diagnostics = ts.getPreEmitDiagnostics(program).map((diagnostic) => {
        const where = diagnostic.file
          ? `${path.basename(diagnostic.file.fileName)}:${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1} `
          : '';
        return where + ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
      });
      expect(diagnostics).toEqual([]);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
