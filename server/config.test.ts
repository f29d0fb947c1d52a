import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.HOST).toBe('127.0.0.1');
    expect(config.DATA_DIR).toBe(path.resolve('./data'));
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SEED_DEMO).toBe(true);
    expect(config.LOG_LEVEL).toBe('info');
    expect(config.TRUST_PROXY).toBe(false);
    expect(config.SIGN_IN_LIMIT_PER_ADDRESS).toBe(25);
    expect(config.MAP_IMAGE_URL_TEMPLATE).toBeUndefined();
  });

  it('takes a static map template with {lat} and {lng} (D40)', () => {
    const template = 'https://maps.example.org/static?c={lat},{lng}&z={zoom}&s={width}x{height}';
    expect(loadConfig({ MAP_IMAGE_URL_TEMPLATE: template }).MAP_IMAGE_URL_TEMPLATE).toBe(template);
  });

  it('reads every setting from the environment', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/lodgehall',
      DATABASE_URL: 'postgres://lodge:secret@db:5432/lodgehall',
      PUBLIC_URL: 'https://members.example.org',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      PORT: 8080,
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/lodgehall',
      DATABASE_URL: 'postgres://lodge:secret@db:5432/lodgehall',
      PUBLIC_URL: 'https://members.example.org',
      SEED_DEMO: false,
      LOG_LEVEL: 'warn',
    });
  });

  it('treats an empty value as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ' }).PORT).toBe(3000);
  });

  it.each([
    ['PORT', 'abc', /PORT="abc": expected a port number/],
    ['PORT', '70000', /PORT="70000": expected a port number from 0 to 65535/],
    ['DATABASE_URL', 'mysql://x', /DATABASE_URL="mysql:\/\/x": expected a postgres:\/\//],
    ['SEED_DEMO', 'maybe', /SEED_DEMO="maybe": expected true or false/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL="loud": expected one of/],
    ['PUBLIC_URL', 'members', /PUBLIC_URL="members": expected an absolute URL/],
    ['SMTP_URL', 'http://mail', /SMTP_URL="http:\/\/mail": expected an smtp:\/\//],
    [
      'MAP_IMAGE_URL_TEMPLATE',
      'https://maps.example.org/static?zoom={zoom}',
      /MAP_IMAGE_URL_TEMPLATE=.*expected an http\(s\) URL holding \{lat\} and \{lng\}/,
    ],
    [
      'MAP_IMAGE_URL_TEMPLATE',
      'ftp://maps.example.org/{lat},{lng}.png',
      /MAP_IMAGE_URL_TEMPLATE=.*expected an http\(s\) URL/,
    ],
    ['STRIPE_SECRET_KEY', 'pk_test_abc', /STRIPE_SECRET_KEY=.*expected a Stripe secret key/],
    ['STRIPE_WEBHOOK_SECRET', 'secret', /STRIPE_WEBHOOK_SECRET=.*whsec_/],
  ])('refuses a bad %s with a message naming it and what it expects', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it('takes Stripe only with its webhook secret, so payments can be recorded (D50)', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    const config = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
    });
    expect(config.STRIPE_SECRET_KEY).toBe('sk_test_abc');
    expect(loadConfig({}).STRIPE_SECRET_KEY).toBeUndefined();
  });

  it('takes a bucket with both keys; endpoint and region are optional (D75)', () => {
    const keys = { S3_ACCESS_KEY_ID: 'AKIA1', S3_SECRET_ACCESS_KEY: 'secret-1' };
    const bucketOnly = loadConfig({ S3_BUCKET: 'photos', ...keys });
    expect(bucketOnly.S3_BUCKET).toBe('photos');
    expect(bucketOnly.S3_ENDPOINT).toBeUndefined();
    expect(bucketOnly.S3_REGION).toBeUndefined();
    expect(
      loadConfig({
        S3_BUCKET: 'photos',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_REGION: 'eu-west-1',
        ...keys,
      }),
    ).toMatchObject({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_REGION: 'eu-west-1' });
    expect(loadConfig({}).S3_BUCKET).toBeUndefined();
  });

  it.each([
    [{ S3_BUCKET: 'photos' }, ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'], 'S3_BUCKET is set'],
    [
      { S3_BUCKET: 'photos', S3_ACCESS_KEY_ID: 'AKIA1' },
      ['S3_SECRET_ACCESS_KEY'],
      'S3_BUCKET, S3_ACCESS_KEY_ID are set',
    ],
    [
      { S3_ACCESS_KEY_ID: 'AKIA1', S3_SECRET_ACCESS_KEY: 'secret-1' },
      ['S3_BUCKET'],
      'S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are set',
    ],
    [
      { S3_ENDPOINT: 'http://127.0.0.1:9000' },
      ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'],
      'S3_ENDPOINT is set',
    ],
    [
      { S3_REGION: 'eu-west-1' },
      ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'],
      'S3_REGION is set',
    ],
  ])('refuses a partial S3 set %j, naming each missing setting', (env, missing, because) => {
    try {
      loadConfig(env);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const { problems, message } = error as ConfigError;
      expect(problems.map((problem) => problem.split('=')[0])).toEqual(missing);
      for (const problem of problems) expect(problem).toContain(because);
      // The secret is never repeated back.
      expect(message).not.toContain('secret-1');
    }
  });

  it('refuses an S3 endpoint that is not http(s)', () => {
    expect(() =>
      loadConfig({
        S3_ENDPOINT: 'ftp://files.example.org',
        S3_BUCKET: 'photos',
        S3_ACCESS_KEY_ID: 'AKIA1',
        S3_SECRET_ACCESS_KEY: 'secret-1',
      }),
    ).toThrow(/S3_ENDPOINT="ftp:\/\/files.example.org": expected an http:\/\/ or https:\/\/ URL/);
  });

  it('names every bad setting at once', () => {
    try {
      loadConfig({ PORT: 'x', SEED_DEMO: 'perhaps' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems).toHaveLength(2);
    }
  });

  it('reads TRUST_PROXY as no proxy, a number of proxies or their networks (D52)', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    // 'true' is the one proxy in front: believing every hop would let a client choose its address.
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1, ::1' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'my-proxy' })).toThrow(ConfigError);
  });
});
