import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CookieJar, faultsOf, seedFor } from './fuzz-runner.ts';
import {
  fuzzOperations,
  fuzzRequests,
  inputCount,
  kindOfCollection,
  kindOfField,
  validRequests,
} from './schema-fuzz.ts';
import type { FuzzHints, FuzzOperation, OpenApiDocument } from './schema-fuzz.ts';

/** The generator of the schema-driven fuzzing (issue 21, docs/decisions.md D55) on its own. */

const id = { type: 'integer', minimum: 0, exclusiveMinimum: true, maximum: 2147483647 };
const problem = { content: { 'application/problem+json': {} } };
const document: OpenApiDocument = {
  paths: {
    '/api/v1/posts/{id}.json': {
      put: {
        operationId: 'putPostsById',
        security: [{ session: [], salt: [], signature: [] }],
        parameters: [{ in: 'path', name: 'id', required: true, schema: id }],
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['post'],
                properties: {
                  post: {
                    type: 'object',
                    required: ['subject', 'access'],
                    properties: {
                      subject: { type: 'string', maxLength: 200 },
                      access: { type: 'string', enum: ['PUBLIC', 'MEMBER'] },
                      club_id: id,
                    },
                  },
                },
              },
            },
          },
        },
        responses: { '200': {}, '404': problem, '422': problem },
      },
    },
    '/api/v1/clubs.json': {
      get: {
        operationId: 'getClubs',
        security: [{}, { session: [], salt: [], signature: [] }],
        parameters: [{ in: 'query', name: 'search_text', schema: { type: 'string' } }],
        responses: { '200': {} },
      },
    },
  },
};
const hints: FuzzHints = {
  ids: { post: [7, 8], club: [3] },
  values: { subject: ['Hello'], search_text: ['Har'] },
};

function operationNamed(name: string): FuzzOperation {
  const found = fuzzOperations(document, '/api/v1').find((operation) => operation.id === name);
  if (!found) throw new Error(`no ${name}`);
  return found;
}
const putPost = operationNamed('putPostsById');
const getClubs = operationNamed('getClubs');

describe('the operations of an OpenAPI document', () => {
  it('reads each with its name, signing, parameters, body and listed statuses', () => {
    expect(putPost).toMatchObject({
      id: 'putPostsById',
      method: 'PUT',
      template: '/posts/{id}.json',
      signed: true,
      statuses: [200, 404, 422],
    });
    expect(putPost.pathParams.map(({ name }) => name)).toEqual(['id']);
    expect(getClubs).toMatchObject({ signed: false, body: undefined });
    expect(inputCount(putPost, {})).toBe(4);
  });

  it('names the record an id points at', () => {
    expect(kindOfField('club_id')).toBe('club');
    expect(kindOfField('chatId')).toBe('chat');
    expect(kindOfField('parent_id')).toBe('comment');
    expect(kindOfField('subject')).toBeUndefined();
    expect(kindOfCollection('calendar_events')).toBe('calendar_event');
    expect(kindOfCollection('parties')).toBe('party');
    expect(kindOfCollection('photos_attributes')).toBe('photo');
  });
});

describe('requests generated for an operation', () => {
  it('start from a valid request that names records of the demo data', () => {
    const requests = fc.sample(validRequests(putPost, hints), { seed: 1, numRuns: 30 });
    for (const request of requests) {
      expect(request.path).toMatch(/^\/posts\/[78]\.json$/);
      const body = JSON.parse(request.body ?? '') as { post: Record<string, unknown> };
      expect(body.post.subject).toBe('Hello');
      expect(['PUBLIC', 'MEMBER']).toContain(body.post.access);
      if ('club_id' in body.post) expect(body.post.club_id).toBe(3);
      expect(request.mutations).toEqual([]);
    }
  });

  it('are the same for the same seed, so a failure replays', () => {
    const once = fc.sample(fuzzRequests(putPost, hints), { seed: 42, numRuns: 50 });
    const again = fc.sample(fuzzRequests(putPost, hints), { seed: 42, numRuns: 50 });
    expect(again).toEqual(once);
    expect(seedFor(1, 'putPostsById')).toBe(seedFor(1, 'putPostsById'));
    expect(seedFor(1, 'putPostsById')).not.toBe(seedFor(1, 'getClubs'));
  });

  it('go on the wire exactly as signed: no URL parser rewrites their path', () => {
    for (const operation of [putPost, getClubs]) {
      for (const request of fc.sample(fuzzRequests(operation, hints), { seed: 7, numRuns: 400 })) {
        const url = new URL(`http://127.0.0.1${request.path}`);
        expect(`${url.pathname}${url.search}`).toBe(request.path);
      }
    }
  });

  it('mutate the request, say how, and mostly sign it as the member', () => {
    const requests = fc.sample(fuzzRequests(putPost, hints), { seed: 3, numRuns: 300 });
    const mutated = requests.filter((request) => request.mutations.length > 0);
    expect(mutated.length).toBeGreaterThan(240);
    const notes = mutated.flatMap((request) => request.mutations).join('\n');
    for (const where of ['path {id}', 'body.post.subject', 'transport', 'every free text']) {
      expect(notes).toContain(where);
    }
    const visitors = requests.filter((request) => request.caller === 'visitor').length;
    expect(visitors).toBeGreaterThan(0);
    expect(visitors).toBeLessThan(requests.length / 4);
  });
});

describe('what the fuzzing holds an answer to', () => {
  const answer = (status: number, contentType: string, body: unknown) => ({
    status,
    contentType,
    text: JSON.stringify(body),
  });
  const refusal = { type: 'https://lodgehall.org/problems/not-found', title: 'Not found.' };

  it('a documented refusal as problem+json with the Problem schema passes', () => {
    const ok = answer(404, 'application/problem+json; charset=utf-8', { ...refusal, status: 404 });
    expect(faultsOf(putPost, ok)).toEqual([]);
  });

  it('a 5xx, an undocumented status, or a refusal of another shape fails', () => {
    expect(faultsOf(putPost, answer(500, 'application/problem+json', {}))).toContain(
      'answered 500',
    );
    expect(
      faultsOf(putPost, answer(403, 'application/problem+json', { ...refusal, status: 403 })),
    ).toEqual(['answered 403, which the document does not list']);
    expect(faultsOf(putPost, answer(404, 'text/plain', 'Not found'))).toHaveLength(2);
    expect(
      faultsOf(putPost, answer(422, 'application/problem+json', { ...refusal, status: 404 })),
    ).toEqual(['a Problem with status 404 in a 422']);
  });
});

describe("the visitor's cookies", () => {
  it('keeps a flow cookie, forgets a cleared one, never keeps a session', () => {
    const jar = new CookieJar();
    jar.update(['lodgehall_flow=abc; Path=/; HttpOnly', 'lodgehall_session=s; HttpOnly']);
    expect(jar.header()).toBe('lodgehall_flow=abc');
    jar.update(['lodgehall_flow=; Max-Age=0; Path=/']);
    expect(jar.header()).toBeUndefined();
  });
});
