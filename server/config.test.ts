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
