import { describe, expect, it } from 'vitest';
import { operationPattern, strayCall } from './route-table.ts';

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
});
