import { describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../common/constants.ts';
import {
  HIDDEN_ROUTES,
  operationPattern,
  routeTable,
  routesOutsideTheMatrix,
  strayCall,
} from './route-table.ts';

describe("the permission matrix's hold on the route table (docs/decisions.md D55)", () => {
  it('reads each {param} of an operation as one path segment or part of one', () => {
    const pattern = operationPattern('GET /calendar_events/{id}/attendees');
    expect(pattern.test('/calendar_events/12/attendees')).toBe(true);
    expect(pattern.test('/calendar_events/12/13/attendees')).toBe(false);
    expect(pattern.test('/calendar_events//attendees')).toBe(false);
    expect(pattern.test('/calendar_events/12/attendees/extra')).toBe(false);
    expect(operationPattern('PUT /posts/{id}.json').test('/posts/7.json')).toBe(true);
    expect(operationPattern('PUT /posts/{id}.json').test('/posts/7')).toBe(false);
  });

  it("takes the template's dots as dots", () => {
    expect(operationPattern('GET /posts.json').test('/postsXjson')).toBe(false);
  });

  it('lets a call through when its address, without the query, is the operation', () => {
    expect(strayCall('GET /clubs/posts.json', '/clubs/posts.json?subdomain=harmony')).toBe(
      undefined,
    );
    expect(strayCall('DELETE /favorite_clubs/{clubId}', '/favorite_clubs/4')).toBe(undefined);
  });

  it('says which address a call went to instead of its operation', () => {
    expect(strayCall('GET /posts/{id}.json', '/clubs/posts.json?subdomain=harmony')).toBe(
      'the call goes to /clubs/posts.json, which is not GET /posts/{id}.json: ' +
        'the entry must call its own operation',
    );
  });

  it("writes the routes as the document does, without Fastify's HEAD twins", () => {
    expect(
      routeTable([
        { method: 'GET', url: '/api/v1/parties/:id' },
        { method: 'HEAD', url: '/api/v1/parties/:id' },
        { method: ['GET', 'HEAD'], url: '/feeds/calendar/:token.ics' },
        { method: 'GET', url: '/docs/' },
        { method: 'HEAD', url: '/docs' },
        { method: 'HEAD', url: '/ping' },
        { method: 'DELETE', url: '/api/v1/favorite_clubs/:clubId' },
      ]),
    ).toEqual([
      'DELETE /api/v1/favorite_clubs/{clubId}',
      'GET /api/v1/parties/{id}',
      'GET /docs/',
      'GET /feeds/calendar/{token}.ics',
      'HEAD /ping',
    ]);
  });

  it('finds a route neither documented nor listed, and a listed one that is gone', () => {
    const hidden = [
      { route: 'GET /healthz', why: 'probe' },
      { route: 'GET /readyz', why: 'probe' },
      { route: 'GET /app/*', why: 'files', onlyWhen: 'built' },
    ];
    const registered = [
      `GET ${API_PREFIX}/parties/{id}`,
      `GET ${API_PREFIX}/secret_report`,
      'GET /healthz',
      'GET /status.json',
    ];
    // An operation the document has outside the API prefix is written from the root.
    const documented = ['GET /parties/{id}', 'GET /clubs.json', 'GET //status.json'];
    expect(routesOutsideTheMatrix(registered, documented, hidden)).toEqual({
      unlisted: [`GET ${API_PREFIX}/secret_report`],
      listedButAbsent: ['GET /readyz'],
      documentedButAbsent: [`GET ${API_PREFIX}/clubs.json`],
    });
  });

  it('gives every hidden route its reason', () => {
    for (const { route, why } of HIDDEN_ROUTES) {
      expect(route).toMatch(/^(GET|POST|PUT|PATCH|DELETE) \//);
      expect(why.length).toBeGreaterThan(10);
    }
  });
});
