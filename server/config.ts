import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';

const booleanSetting = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], {
    error: 'expected true or false',
  })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/**
 * Which proxies' X-Forwarded-For to believe (Fastify's `trustProxy`): none, a number of hops, or
 * the proxies' addresses and networks. `true` means the one reverse proxy in front: believing
 * every hop would take the address the client wrote itself, and every limit per address with it.
 */
const trustProxySetting = z
  .string()
  .trim()
  .transform((value, context): false | number | string[] => {
    const lower = value.toLowerCase();
    if (['', 'false', '0', 'no'].includes(lower)) return false;
    if (['true', 'yes'].includes(lower)) return 1;
    if (/^\d+$/.test(value)) return Number(value);
    const networks = value.split(',').map((part) => part.trim());
    const bad = networks.find((network) => !(ipaddr.isValid(network) || isNetwork(network)));
    if (bad === undefined) return networks;
    context.addIssue({
      code: 'custom',
      message: `expected false, true, a number of proxies, or proxy addresses and networks (not '${bad}')`,
    });
    return z.NEVER;
  });

function isNetwork(text: string): boolean {
  try {
    ipaddr.parseCIDR(text);
    return true;
  } catch {
    return false;
  }
}

/** An http(s) address with the {lat} and {lng} placeholders a static map needs. */
function isMapTemplate(template: string): boolean {
  if (!template.includes('{lat}') || !template.includes('{lng}')) return false;
  try {
    return ['http:', 'https:'].includes(new URL(template).protocol);
  } catch {
    return false;
  }
}

const configSchema = z.object({
  PORT: z.coerce
    .number({ error: 'expected a port number' })
    .int('expected a whole port number')
    .min(0, 'expected a port number from 0 to 65535')
    .max(65535, 'expected a port number from 0 to 65535')
    .default(3000),
  HOST: z.string().min(1, 'expected a host name or address').default('127.0.0.1'),
  DATA_DIR: z.string().min(1, 'expected a folder path').default('./data'),
  DATABASE_URL: z
    .string()
    .regex(
      /^postgres(ql)?:\/\//,
      'expected a postgres:// or postgresql:// URL, or leave it unset for SQLite',
    )
    .optional(),
  PUBLIC_URL: z
    .url({ error: 'expected an absolute URL such as https://lodgehall.example.org' })
    .optional(),
  SEED_DEMO: booleanSetting.default(true),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'expected one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  TRUST_PROXY: trustProxySetting.default(false),
  // A lodge meeting shares one address behind the hall's router: raise this if many members
  // sign in there at once.
  SIGN_IN_LIMIT_PER_ADDRESS: z.coerce
    .number({ error: 'expected a whole number of sign-ins per 5 minutes' })
    .int('expected a whole number of sign-ins per 5 minutes')
    .min(1, 'expected a whole number of sign-ins per 5 minutes, 1 or more')
    .default(25),
  // The status checker answers who holds a member number: a member may check this many numbers
  // per 10 minutes, so the roster cannot be walked (docs/decisions.md D48).
  STATUS_CHECK_LIMIT: z.coerce
    .number({ error: 'expected a whole number of status checks per 10 minutes' })
    .int('expected a whole number of status checks per 10 minutes')
    .min(1, 'expected a whole number of status checks per 10 minutes, 1 or more')
    .default(30),
  // How often an open event stream gets a comment (so proxies keep it) and its session is
  // checked again (an expired one ends the stream).
  EVENT_STREAM_HEARTBEAT_MS: z.coerce
    .number({ error: 'expected milliseconds' })
    .int('expected whole milliseconds')
    .min(100, 'expected 100 milliseconds or more')
    .default(15_000),
  SUPPORT_URL: z
    .url({ error: 'expected an absolute URL' })
    .default('https://lodgehall.org/support'),
  // A static map provider (docs/decisions.md D40): the club home shows its image of the
  // club's place; unset, the club home shows a stored map image or a link to OpenStreetMap.
  MAP_IMAGE_URL_TEMPLATE: z
    .string()
    .refine(isMapTemplate, {
      error:
        'expected an http(s) URL holding {lat} and {lng} (and optionally {zoom}, {width}, {height})',
    })
    .optional(),
  // Adapters that later features switch on; unset means the embedded default.
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'expected an smtp:// or smtps:// URL')
    .optional(),
  // Photos and avatars in an S3-compatible bucket instead of DATA_DIR/media (D75): S3_BUCKET and
  // the two keys together; S3_ENDPOINT unset means Amazon S3, S3_REGION unset us-east-1.
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'expected an http:// or https:// URL' })
    .optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  // Dues payments (docs/decisions.md D50): Stripe Checkout when a key is set, else the built-in
  // checkout page labelled TEST MODE, where no card is charged.
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'expected a Stripe secret key (sk_test_... or sk_live_...)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'expected a Stripe webhook signing secret (whsec_...)')
    .optional(),
  // Another address for the Stripe API, e.g. a local stand-in; unset: Stripe's own.
  STRIPE_API_URL: z.url({ error: 'expected an absolute URL' }).optional(),
});

export type AppConfig = Readonly<
  Omit<z.infer<typeof configSchema>, 'DATA_DIR'> & {
    DATA_DIR: string;
  }
>;

/** What each required S3 setting is, for the message when it is missing. */
const S3_REQUIRED = {
  S3_BUCKET: "the bucket's name",
  S3_ACCESS_KEY_ID: 'the access key id',
  S3_SECRET_ACCESS_KEY: 'the secret access key',
} as const;
const S3_SETTINGS = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const;

/**
 * A partial S3 set would otherwise start on local storage and lose every photo a second node
 * took: one S3_* setting asks for all the required ones.
 */
function missingS3Settings(
  config: Partial<Record<(typeof S3_SETTINGS)[number], string>>,
): string[] {
  const given = S3_SETTINGS.filter((name) => config[name] !== undefined);
  if (given.length === 0) return [];
  const because = `${given.join(', ')} ${given.length === 1 ? 'is' : 'are'} set`;
  return (Object.keys(S3_REQUIRED) as (keyof typeof S3_REQUIRED)[])
    .filter((name) => config[name] === undefined)
    .map(
      (name) =>
        `${name}="": expected ${S3_REQUIRED[name]} since ${because}; a bucket needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together (or none of the S3_* settings, for the folder under DATA_DIR)`,
    );
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `Lodgehall cannot start because of its settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}

/**
 * Reads every setting once. Empty strings count as unset, so `PORT= npm start`
 * behaves like leaving PORT out rather than failing on an empty number.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const input: Record<string, string> = {};
  for (const key of Object.keys(configSchema.shape)) {
    const value = env[key];
    if (value !== undefined && value.trim() !== '') input[key] = value.trim();
  }
  const parsed = configSchema.safeParse(input);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? 'settings');
        return `${name}=${JSON.stringify(input[name] ?? '')}: ${issue.message}`;
      }),
    );
  }
  if (parsed.data.STRIPE_SECRET_KEY && !parsed.data.STRIPE_WEBHOOK_SECRET) {
    // Without it no payment could ever be recorded: Stripe's events would all be refused.
    throw new ConfigError([
      'STRIPE_WEBHOOK_SECRET="": expected the webhook signing secret (whsec_...) when STRIPE_SECRET_KEY is set',
    ]);
  }
  const missingS3 = missingS3Settings(parsed.data);
  if (missingS3.length > 0) throw new ConfigError(missingS3);
  return Object.freeze({ ...parsed.data, DATA_DIR: path.resolve(parsed.data.DATA_DIR) });
}
