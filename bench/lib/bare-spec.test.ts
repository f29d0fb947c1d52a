import { describe, expect, it } from 'vitest';
import { bareSpecFrom, isBareSpec } from './bare-spec.ts';

describe('bareSpecFrom', () => {
  it('copies every header but those Node writes per answer, and frames the body itself', () => {
    const spec = bareSpecFrom({
      status: 200,
      rawHeaders: [
        'content-type',
        'application/json; charset=utf-8',
        'Content-Security-Policy',
        "default-src 'self'",
        'x-user-metadata',
        'eyJ1bnNlZW4iOjB9',
        'set-cookie',
        'a=1',
        'set-cookie',
        'b=2',
        'Date',
        'Sat, 22 Nov 2025 02:00:00 GMT',
        'Connection',
        'keep-alive',
        'Keep-Alive',
        'timeout=72',
        'transfer-encoding',
        'chunked',
        'content-length',
        '999',
      ],
      body: Buffer.from('{"data":{}}'),
    });
    expect(spec.rawHeaders).toEqual([
      'content-type',
      'application/json; charset=utf-8',
      'Content-Security-Policy',
      "default-src 'self'",
      'x-user-metadata',
      'eyJ1bnNlZW4iOjB9',
      'set-cookie',
      'a=1',
      'set-cookie',
      'b=2',
      'content-length',
      '11',
    ]);
    expect(Buffer.from(spec.bodyBase64, 'base64').toString()).toBe('{"data":{}}');
    expect(isBareSpec(spec)).toBe(true);
  });

  it('rejects a malformed spec', () => {
    expect(isBareSpec({ status: 200, rawHeaders: ['only-a-name'], bodyBase64: '' })).toBe(false);
    expect(isBareSpec({ status: 42, rawHeaders: [], bodyBase64: '' })).toBe(false);
    expect(isBareSpec(null)).toBe(false);
  });
});
