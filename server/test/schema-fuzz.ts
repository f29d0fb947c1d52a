import { crc32, deflateSync } from 'node:zlib';
import fc from 'fast-check';
import type { Arbitrary } from 'fast-check';

/*
 * Bad requests generated from the OpenAPI document (issue 21, docs/decisions.md D55): for each
 * operation, a valid-ish request built from its own schemas and from ids and values the demo
 * data really has (so a request gets past validation to the service and the database), then
 * one or two mutations of it: wrong types, edge numbers, hostile strings, missing and extra
 * fields, broken bodies and content types, path parameters that are not ids, odd query
 * strings. Everything is drawn by fast-check, so a seed and a path replay any request.
 */

/** The subset of JSON Schema (OpenAPI 3.0 flavour) that the document's schemas use. */
export interface JsonSchema {
  readonly $ref?: string;
  readonly type?: string;
  readonly enum?: readonly unknown[];
  readonly anyOf?: readonly JsonSchema[];
  readonly oneOf?: readonly JsonSchema[];
  readonly allOf?: readonly JsonSchema[];
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean | JsonSchema;
  readonly items?: JsonSchema;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: boolean | number;
  readonly exclusiveMaximum?: boolean | number;
  readonly nullable?: boolean;
}

interface ParameterObject {
  readonly in?: string;
  readonly name?: string;
  readonly required?: boolean;
  readonly schema?: JsonSchema;
}

interface OperationObject {
  readonly operationId?: string;
  readonly security?: readonly Record<string, unknown>[];
  readonly parameters?: readonly ParameterObject[];
  readonly requestBody?: { readonly content?: Record<string, { readonly schema?: JsonSchema }> };
  readonly responses?: Record<string, unknown>;
}

export interface OpenApiDocument {
  readonly paths?: Record<string, Record<string, unknown>>;
  readonly components?: { readonly schemas?: Record<string, JsonSchema> };
}

export interface FuzzParameter {
  readonly name: string;
  readonly required: boolean;
  readonly schema: JsonSchema;
}

/** One operation of the document, as the fuzzer needs it. */
export interface FuzzOperation {
  readonly id: string;
  /** Upper case. */
  readonly method: string;
  /** The path below the API prefix with its `{parameters}`, e.g. `/posts/{id}.json`. */
  readonly template: string;
  /** Needs the signature (a public operation takes it when sent, and checks it). */
  readonly signed: boolean;
  readonly pathParams: readonly FuzzParameter[];
  readonly queryParams: readonly FuzzParameter[];
  readonly body: JsonSchema | undefined;
  /** Every status the document lists for it. */
  readonly statuses: readonly number[];
}

export type FuzzCaller = 'member' | 'visitor';

/** One request as it goes on the wire. */
export interface FuzzRequest {
  readonly method: string;
  /** Below the API prefix, with the query string, percent-encoded exactly as sent and signed. */
  readonly path: string;
  readonly body?: string;
  readonly headers: Readonly<Record<string, string>>;
  /** The signed-in member (cookie and signature) or a visitor (neither). */
  readonly caller: FuzzCaller;
  /** What was changed from the valid-ish request, for the report. */
  readonly mutations: readonly string[];
}

type Primitive = string | number | boolean;

/** What the demo data holds, so that a valid-ish request names records that exist. */
export interface FuzzHints {
  /** Ids by the kind of record they name (`post`, `club`, `calendar_event`, `chat`...). */
  readonly ids: Readonly<Record<string, readonly number[]>>;
  /** Values by field name (`subdomain`, `start_date_string`, `public_key`...). */
  readonly values: Readonly<Record<string, readonly Primitive[]>>;
  /**
   * Objects the answers showed (a member's contact lists, an event as its edit form reads it):
   * a write whose fields they hold can send them back, as a client that edits what it read.
   */
  readonly objects?: readonly Readonly<Record<string, unknown>>[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** Every operation of the document, with paths below `prefix`. */
export function fuzzOperations(document: OpenApiDocument, prefix: string): FuzzOperation[] {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    METHODS.flatMap((method): FuzzOperation[] => {
      const operation = item[method] as OperationObject | undefined;
      if (operation === undefined) return [];
      const parameters = operation.parameters ?? [];
      const parametersIn = (where: string): FuzzParameter[] =>
        parameters
          .filter((parameter) => parameter.in === where && parameter.name !== undefined)
          .map((parameter) => ({
            name: parameter.name ?? '',
            required: parameter.required === true,
            schema: parameter.schema ?? {},
          }));
      const security = operation.security ?? [];
      return [
        {
          id: operation.operationId ?? `${method} ${path}`,
          method: method.toUpperCase(),
          template: path.startsWith(prefix) ? path.slice(prefix.length) : path,
          signed:
            security.length > 0 &&
            security.every((requirement) => Object.keys(requirement).length > 0),
          pathParams: parametersIn('path'),
          queryParams: parametersIn('query'),
          body: operation.requestBody?.content?.['application/json']?.schema,
          statuses: Object.keys(operation.responses ?? {})
            .map(Number)
            .filter((status) => Number.isInteger(status)),
        },
      ];
    }),
  );
}

// ---- Names and kinds ---------------------------------------------------------------------

/** Field and collection names whose record kind is not their own name. */
const KIND_ALIASES: Readonly<Record<string, string>> = {
  parent: 'comment',
  children: 'comment',
  before: 'chat_message',
  messages: 'chat_message',
  last_activity_chat_message: 'chat_message',
};

function singular(word: string): string {
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** The kind of record a list or object under `key` holds: `posts` → `post`. */
export function kindOfCollection(key: string): string {
  const base = key.replace(/_attributes$/, '');
  return KIND_ALIASES[base] ?? singular(base);
}

/** Fields that name a record without ending in `_id`. */
const FIELD_KINDS: Readonly<Record<string, string>> = { post_as: 'club' };

/** The kind of record a field names by id: `club_id`, `clubId` → `club`; else undefined. */
export function kindOfField(name: string): string | undefined {
  const named = FIELD_KINDS[name];
  if (named !== undefined) return named;
  const snake = name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
  if (!snake.endsWith('_id')) return undefined;
  const base = snake.slice(0, -'_id'.length);
  return KIND_ALIASES[base] ?? base;
}

/** The kind of record a path parameter names: `{id}` by the segment before it. */
function kindOfPathParam(template: string, name: string): string | undefined {
  const byName = kindOfField(name);
  if (byName !== undefined) return byName;
  const segments = template.split('/');
  const at = segments.findIndex((segment) => segment.includes(`{${name}}`));
  const before = at > 0 ? segments[at - 1] : undefined;
  return before ? kindOfCollection(before) : undefined;
}

// ---- Wire values -------------------------------------------------------------------------

/** Text put into a body's JSON verbatim: numbers JSON.stringify cannot write (`1e400`). */
class RawJson {
  constructor(readonly text: string) {}
}

/** A path or query value sent as is, not percent-encoded (`%ZZ`). */
class RawText {
  constructor(readonly text: string) {}
}

type WireText = string | RawText;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Percent-encodes all but the unreserved characters, so no client or URL parser rewrites it. A
 * lone surrogate has no UTF-8: it becomes U+FFFD, as a browser's URL parser makes it.
 */
function encodeWire(value: WireText): string {
  if (value instanceof RawText) return value.text;
  return encodeURIComponent(value.replace(LONE_SURROGATE, '\uFFFD')).replace(
    /[!'()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

const RAW_MARK = '\uE000raw-json-';

/** JSON text of a body that may hold RawJson values. */
function stringifyBody(value: unknown): string {
  const raw: string[] = [];
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (item instanceof RawJson) {
      raw.push(item.text);
      return `${RAW_MARK}${raw.length - 1}`;
    }
    return item;
  });
  return raw.reduce(
    (json, rawText, index) => json.replace(`"${RAW_MARK}${index}"`, rawText),
    text ?? '',
  );
}

// ---- Images ------------------------------------------------------------------------------

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A PNG that claims `width` × `height` RGB pixels and carries `rows` rows of them: 1 × 1 is a
 * real photo; a huge size with one row is a decompression bomb's header.
 */
function png(width: number, height: number, rows = height): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(Math.min(width, 4096) * 3, 0x7f)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: Math.min(rows, 4) }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real one-pixel PNG in base64: the valid-ish photo. */
export const TINY_PNG_BASE64 = png(1, 1).toString('base64');

// ---- Catalogues of bad values ------------------------------------------------------------

/** Strings that have broken servers: unicode edge cases, control characters, injections. */
const HOSTILE_TEXT: readonly string[] = [
  '',
  ' ',
  ' \t\n ',
  '\u0000',
  'a\u0000b',
  '\u0000'.repeat(40),
  '\r\n',
  'line\r\nX-Injected: yes',
  '\u0007\u001b[31mred',
  '\u0085\u2028\u2029',
  '\uD800',
  '\uDFFFa',
  'a\uD83D',
  '😀',
  '𝕳𝖊𝖑𝖑𝖔 𓀀 🏳️‍🌈 👨‍👩‍👧‍👦',
  `e${'\u0301'.repeat(300)}`,
  'Z̷̢̛̮͍̹̗̘͇̞̲a͚͔l̸̡̘g̵̛͓o̶͇',
  '\u202Egnp.exe',
  '\u202Dx\u2066y\u2069\u200F',
  'مرحبا שלום',
  '\uFEFFbom',
  '\u200B\u200C\u200D',
  'İıſ ß ǅ ﬀ',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '%s%s%n%x',
  '${7*7}{{7*7}}#{7*7}',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  '../../../../etc/passwd',
  '=cmd|" /C calc"!A0',
  'BEGIN:VEVENT\r\nEND:VEVENT',
  'null',
  'undefined',
  'true',
  '-1',
  '2147483648',
  '9223372036854775808',
  'NaN',
  '1e309',
];

/** Numbers at the edges: int32 and int64 overflow (PostgreSQL's `integer`), fractions, huge. */
const EDGE_NUMBERS: readonly unknown[] = [
  -1,
  0,
  0.5,
  1.5,
  -0.5,
  2_147_483_647,
  2_147_483_648,
  -2_147_483_648,
  -2_147_483_649,
  4_294_967_296,
  9_007_199_254_740_991,
  9_007_199_254_740_992,
  1e21,
  1e308,
  -1e308,
  5e-324,
  new RawJson('1e400'),
  new RawJson('-1e400'),
  new RawJson('9223372036854775807'),
  new RawJson('9223372036854775808'),
  new RawJson('-9223372036854775809'),
  new RawJson('123456789012345678901234567890'),
  new RawJson('1.0'),
  new RawJson('-0'),
  new RawJson('1E2'),
];

/** Number-like text, for query strings, path parameters and strings where numbers go. */
const NUMBER_TEXT: readonly string[] = [
  '-1',
  '0',
  '00',
  '+1',
  ' 1',
  '1 ',
  '1.5',
  '1e3',
  '0x10',
  '0b1',
  '1_000',
  '2147483647',
  '2147483648',
  '-2147483649',
  '4294967296',
  '9007199254740993',
  '9223372036854775807',
  '9223372036854775808',
  '99999999999999999999999999',
  'NaN',
  'Infinity',
  '-Infinity',
  '١٢٣',
  '１２３',
];

/** Percent-encodings that do not decode, or decode to something odd. */
const RAW_ENCODINGS: readonly RawText[] = [
  new RawText('%ZZ'),
  new RawText('%'),
  new RawText('%0'),
  new RawText('%00'),
  new RawText('%C0%AE'),
  new RawText('%ED%A0%80'),
  new RawText('%FF%FE'),
  new RawText('%uD800'),
  new RawText('%252F'),
];

/** Photo bytes in base64 that are not a photo, or not base64. */
const BAD_BASE64: readonly string[] = (() => {
  const image = TINY_PNG_BASE64;
  return [
    '',
    '!!!!',
    'a',
    'abc',
    '====',
    'AAAA',
    `data:image/png;base64,${image}`,
    image.slice(0, 16),
    image.slice(0, -4),
    `${image.slice(0, 10)}\n ${image.slice(10)}`,
    image.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''),
    `${image}${image}`,
    png(100_000, 100_000, 1).toString('base64'),
    png(1, 65_535, 1).toString('base64'),
    Buffer.from('GIF89a\x01\x00\x01\x00').toString('base64'),
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>').toString('base64'),
    Buffer.from('%PDF-1.4\n%âãÏÓ\n').toString('base64'),
    Buffer.from('MZ\x90\x00').toString('base64'),
    'A'.repeat(2_000_000),
  ];
})();

const BAD_CONTENT_TYPES: readonly string[] = [
  'image/svg+xml',
  'text/html',
  'application/x-msdownload',
  'image/png; charset=utf-8',
  'image/../../png',
  'IMAGE/PNG',
];

const BAD_FILE_NAMES: readonly string[] = [
  '../../etc/passwd',
  'photo.php',
  'a\u0000.png',
  `${'x'.repeat(300)}.png`,
  '.htaccess',
  'CON',
  '😀.png',
  'photo.png\r\nX: y',
];

/** Object keys a body should not be able to smuggle in. */
const EXTRA_KEYS: readonly string[] = [
  'unexpected',
  'id',
  'admin',
  'is_admin',
  'party_id',
  'constructor',
  'toString',
  'hasOwnProperty',
  '',
  'ключ',
  'k'.repeat(1_000),
];

/** Whole bodies that are not the JSON the route reads. */
const RAW_BODIES: readonly (readonly [string, string])[] = [
  ['empty body', ''],
  ['whitespace body', ' \n\t '],
  ['not JSON', 'not json'],
  ['truncated JSON', '{"a":'],
  ['JSON null', 'null'],
  ['JSON string', '"text"'],
  ['JSON number', '42'],
  ['JSON true', 'true'],
  ['JSON array', '[]'],
  ['array of objects', '[{}]'],
  ['byte order mark', '\uFEFF{}'],
  ['__proto__ key', '{"__proto__":{"is_admin":true}}'],
  ['constructor.prototype key', '{"constructor":{"prototype":{"is_admin":true}}}'],
  ['NaN literal', '{"a":NaN}'],
  ['trailing comma', '{"a":1,}'],
  ['single quotes', "{'a':1}"],
  ['comment', '{/* c */}'],
  ['raw control characters', '{"a":"\u0001\u0002"}'],
  ['escaped lone surrogate', '{"a":"\\ud800"}'],
  ['nesting 100,000 deep', `${'['.repeat(100_000)}${']'.repeat(100_000)}`],
  ['objects nested 20,000 deep', `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`],
];

const BAD_BODY_TYPES: readonly string[] = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=latin1',
  'application/json; charset=utf-16le',
  'APPLICATION/JSON',
  'application/json;charset="UTF-8"',
  'application/problem+json',
  'application/json, text/plain',
];

/** Just over the default body limit (1 MB) of the routes that take no photos. */
const OVERSIZED_BODY = JSON.stringify({ padding: 'x'.repeat(1024 * 1024) });

const EXTRA_QUERY_NAMES: readonly WireText[] = [
  'unknown',
  '__proto__',
  'constructor',
  'hasOwnProperty',
  'page[]',
  'a[b]',
  'a.b',
  '',
  'é',
  new RawText('%ZZ'),
];

/** Path parameter values that are not the ids they should be. */
const PATH_TEXT: readonly WireText[] = [
  ...NUMBER_TEXT,
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  'abc',
  'me',
  '*',
  '😀',
  'a\u0000b',
  '\u202E1',
  "1' OR '1'='1",
  '1;DROP TABLE posts',
  '1/2',
  '1?x=1',
  '1#x',
  '1'.repeat(100),
  '1'.repeat(101),
  'x'.repeat(500),
  ...RAW_ENCODINGS,
];

// ---- Valid-ish values --------------------------------------------------------------------

interface Context {
  readonly hints: FuzzHints;
  readonly schemas: Readonly<Record<string, JsonSchema>>;
}

/** Where a value sits: its field name, and the name of the list or object holding it. */
interface Place {
  readonly name?: string;
  readonly parent?: string;
}

function resolve(schema: JsonSchema | undefined, ctx: Context): JsonSchema {
  let current = schema ?? {};
  for (let depth = 0; current.$ref !== undefined && depth < 20; depth += 1) {
    const name = current.$ref.split('/').pop() ?? '';
    current = ctx.schemas[name] ?? {};
  }
  return current;
}

function variantsOf(schema: JsonSchema): readonly JsonSchema[] | undefined {
  return schema.anyOf ?? schema.oneOf ?? schema.allOf;
}

function typeOf(schema: JsonSchema): string | undefined {
  if (schema.type !== undefined) return schema.type;
  return schema.properties === undefined ? undefined : 'object';
}

function integerBounds(schema: JsonSchema): [number, number] {
  let low = schema.minimum ?? Number.MIN_SAFE_INTEGER;
  let high = schema.maximum ?? Number.MAX_SAFE_INTEGER;
  if (schema.exclusiveMinimum === true) low += 1;
  else if (typeof schema.exclusiveMinimum === 'number') low = schema.exclusiveMinimum + 1;
  if (schema.exclusiveMaximum === true) high -= 1;
  else if (typeof schema.exclusiveMaximum === 'number') high = schema.exclusiveMaximum - 1;
  return [low, high];
}

function fitsType(value: Primitive, type: string | undefined): boolean {
  if (type === 'integer') return typeof value === 'number' && Number.isInteger(value);
  if (type === 'number') return typeof value === 'number';
  if (type === 'boolean') return typeof value === 'boolean';
  if (type === 'string') return typeof value === 'string';
  return false;
}

/**
 * One of the ids, the first two (the member's own: its clubs, the records it made) half of
 * the time, so that writes reach what only an owner or a webmaster may change.
 */
function someId(ids: readonly number[]): Arbitrary<number> {
  return fc.oneof(fc.constantFrom(...ids.slice(0, 2)), fc.constantFrom(...ids));
}

function idsFor(place: Place, ctx: Context): readonly number[] {
  const kind =
    place.name === 'id' && place.parent !== undefined
      ? kindOfCollection(place.parent)
      : place.name === undefined
        ? undefined
        : kindOfField(place.name);
  return kind === undefined ? [] : (ctx.hints.ids[kind] ?? []);
}

/** An answer's value with only the fields the schema names, at every level. */
function keepSchemaFields(value: unknown, schema: JsonSchema, ctx: Context): unknown {
  const resolved = resolve(schema, ctx);
  if (Array.isArray(value))
    return value.map((item) => keepSchemaFields(item, itemsOf(resolved, ctx), ctx));
  if (!isPlainObject(value)) return value;
  const properties = propertiesOf(resolved, ctx);
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key in properties)
      .map(([key, item]) => [key, keepSchemaFields(item, properties[key] ?? {}, ctx)]),
  );
}

/** A value the schema accepts, from the demo data where it names records. */
function validValue(
  schema: JsonSchema | undefined,
  place: Place,
  ctx: Context,
): Arbitrary<unknown> {
  const resolved = resolve(schema, ctx);
  const value = validNonNull(resolved, place, ctx);
  return resolved.nullable === true ? fc.option(value, { nil: null, freq: 3 }) : value;
}

/**
 * The values seen under this field: under its parent's name first (`addresses.type`, which an
 * address's answer showed), else under its own (`type` of anything).
 */
function knownValues(place: Place, ctx: Context): readonly Primitive[] {
  if (place.name === undefined) return [];
  const scoped =
    place.parent === undefined ? undefined : ctx.hints.values[`${place.parent}.${place.name}`];
  return scoped ?? ctx.hints.values[place.name] ?? [];
}

function validNonNull(schema: JsonSchema, place: Place, ctx: Context): Arbitrary<unknown> {
  const variants = variantsOf(schema);
  if (variants !== undefined && variants.length > 0) {
    return fc.oneof(...variants.map((variant) => validValue(variant, place, ctx)));
  }
  if (schema.enum !== undefined && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const type = typeOf(schema);
  const known = knownValues(place, ctx).filter((value) => fitsType(value, type));
  switch (type) {
    case 'integer': {
      const ids = idsFor(place, ctx);
      if (ids.length > 0) return someId(ids);
      if (known.length > 0) return fc.constantFrom(...known);
      const [low, high] = integerBounds(schema);
      const from = low <= 0 && high >= 0 ? 0 : low;
      return fc.integer({ min: from, max: Math.min(high, from + 20) });
    }
    case 'number': {
      if (known.length > 0) return fc.constantFrom(...known);
      const [low, high] = integerBounds(schema);
      return fc.double({ min: Math.max(low, -1e6), max: Math.min(high, 1e6), noNaN: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'string': {
      if (known.length > 0) return fc.constantFrom(...known);
      const maxLength = Math.min(schema.maxLength ?? 24, 24);
      if (schema.pattern !== undefined) {
        return fc
          .stringMatching(new RegExp(schema.pattern))
          .filter((text) => text.length <= (schema.maxLength ?? Infinity));
      }
      const minLength = Math.min(Math.max(schema.minLength ?? 1, 1), maxLength);
      return fc.string({ minLength, maxLength, unit: 'grapheme-ascii' });
    }
    case 'array': {
      // Mostly empty: an item is where a valid-ish request most often goes wrong (a photo id
      // of another post), and the mutations fill lists anyway.
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 2, 2));
      const items = fc.array(validValue(schema.items, { parent: place.name }, ctx), {
        minLength,
        maxLength,
      });
      return minLength > 0 ? items : fc.oneof(fc.constant([]), fc.constant([]), items);
    }
    case 'object': {
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(
        Object.entries(properties).map(([name, property]) => [
          name,
          // An item of a list has no name of its own: its fields belong to the list's.
          validValue(property, { name, parent: place.name ?? place.parent }, ctx),
        ]),
      );
      const required = schema.required ?? [];
      const record = fc.record(model, { requiredKeys: [...required] });
      const seen = (ctx.hints.objects ?? []).filter(
        (object) => required.length > 0 && required.every((key) => key in object),
      );
      if (seen.length === 0) return record;
      return fc.oneof(
        record,
        fc.constantFrom(...seen).map((object) => keepSchemaFields(object, schema, ctx)),
      );
    }
    default:
      return fc.constantFrom(null, 1, 'text');
  }
}

// ---- The request being built -------------------------------------------------------------

type QueryValue = WireText | readonly WireText[];

interface Draft {
  readonly params: Readonly<Record<string, WireText>>;
  readonly query: Readonly<Record<string, QueryValue>>;
  readonly extraQuery: readonly (readonly [WireText, QueryValue])[];
  /** The JSON body; undefined when none is sent. */
  readonly body: unknown;
  /** Sent instead of `body`. */
  readonly rawBody?: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly caller: FuzzCaller;
  readonly mutations: readonly string[];
}

function asText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function baseDraft(operation: FuzzOperation, ctx: Context): Arbitrary<Draft> {
  const params = fc.record(
    Object.fromEntries(
      operation.pathParams.map((parameter) => {
        const kind = kindOfPathParam(operation.template, parameter.name);
        const ids = kind === undefined ? [] : (ctx.hints.ids[kind] ?? []);
        const value =
          ids.length > 0
            ? someId(ids)
            : validValue(parameter.schema, { name: parameter.name }, ctx);
        return [parameter.name, value.map(asText)];
      }),
    ),
  );
  const query = fc.record(
    Object.fromEntries(
      operation.queryParams.map((parameter) => [
        parameter.name,
        validValue(parameter.schema, { name: parameter.name }, ctx).map(asText),
      ]),
    ),
    {
      requiredKeys: operation.queryParams
        .filter((parameter) => parameter.required)
        .map((parameter) => parameter.name),
    },
  );
  const body =
    operation.body === undefined ? fc.constant(undefined) : validValue(operation.body, {}, ctx);
  // A signed operation mostly as the member, sometimes as a visitor (every refusal must still
  // be documented); a public one mostly as the visitor it is for, sometimes signed.
  const caller: Arbitrary<FuzzCaller> = operation.signed
    ? fc.constantFrom<FuzzCaller>(...Array<FuzzCaller>(9).fill('member'), 'visitor')
    : fc.constantFrom<FuzzCaller>('visitor', 'visitor', 'visitor', 'member');
  return fc.record({ params, query, body, caller }).map((parts): Draft => ({
    params: parts.params,
    query: parts.query as Record<string, QueryValue>,
    extraQuery: [],
    body: parts.body,
    headers: {},
    caller: parts.caller,
    mutations: [],
  }));
}

// ---- Mutations ---------------------------------------------------------------------------

const REMOVE = Symbol('remove');

interface BodySlot {
  readonly pointer: readonly (string | number)[];
  readonly schema: JsonSchema;
  readonly place: Place;
  /** The slot is a member of an object (so it can be left out). */
  readonly member: boolean;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Properties of a schema, through its variants too. */
function propertiesOf(schema: JsonSchema, ctx: Context): Record<string, JsonSchema> {
  const variants = variantsOf(schema) ?? [];
  return Object.assign(
    {},
    ...variants.map((variant) => propertiesOf(resolve(variant, ctx), ctx)),
    schema.properties ?? {},
  ) as Record<string, JsonSchema>;
}

function itemsOf(schema: JsonSchema, ctx: Context): JsonSchema {
  const variants = variantsOf(schema) ?? [];
  const withItems = [schema, ...variants.map((variant) => resolve(variant, ctx))].find(
    (candidate) => candidate.items !== undefined,
  );
  return resolve(withItems?.items, ctx);
}

/** Every node of a body, with the schema that describes it. */
function bodySlots(
  value: unknown,
  schema: JsonSchema,
  place: Place,
  ctx: Context,
  pointer: readonly (string | number)[] = [],
  member = false,
): BodySlot[] {
  const here: BodySlot = { pointer, schema, place, member };
  if (Array.isArray(value)) {
    const items = itemsOf(schema, ctx);
    return [
      here,
      ...value.flatMap((item, index) =>
        bodySlots(item, items, { parent: place.name }, ctx, [...pointer, index]),
      ),
    ];
  }
  if (isPlainObject(value)) {
    const properties = propertiesOf(schema, ctx);
    return [
      here,
      ...Object.entries(value).flatMap(([key, item]) =>
        bodySlots(
          item,
          resolve(properties[key], ctx),
          { name: key, parent: place.name ?? place.parent },
          ctx,
          [...pointer, key],
          true,
        ),
      ),
    ];
  }
  return [here];
}

function setAt(value: unknown, pointer: readonly (string | number)[], next: unknown): unknown {
  if (pointer.length === 0) return next;
  const [key, ...rest] = pointer;
  if (Array.isArray(value) && typeof key === 'number') {
    const copy = [...(value as unknown[])];
    if (next === REMOVE && rest.length === 0) copy.splice(key, 1);
    else copy[key] = setAt(copy[key], rest, next);
    return copy;
  }
  if (isPlainObject(value) && typeof key === 'string') {
    if (next === REMOVE && rest.length === 0) {
      return Object.fromEntries(Object.entries(value).filter(([name]) => name !== key));
    }
    return { ...value, [key]: setAt(value[key], rest, next) };
  }
  return value;
}

function getAt(value: unknown, pointer: readonly (string | number)[]): unknown {
  return pointer.reduce<unknown>((node, key) => {
    if (Array.isArray(node) && typeof key === 'number') return node[key];
    if (isPlainObject(node) && typeof key === 'string') return node[key];
    return undefined;
  }, value);
}

interface Change {
  readonly value: unknown;
  readonly note: string;
}

const change = (note: string) => (value: unknown) => ({ value, note });

function longText(schema: JsonSchema): Arbitrary<string> {
  const lengths = [1_000, 10_000, 100_000, 400_000];
  if (schema.maxLength !== undefined) lengths.push(schema.maxLength + 1);
  return fc.constantFrom(...lengths).map((length) => 'x'.repeat(length));
}

/** The text with its `which`-th run of digits (counted round) replaced: cursors, dates. */
function replaceNumber(text: string, which: number, number: string): string {
  const runs = [...text.matchAll(/\d+/g)];
  const run = runs[which % Math.max(runs.length, 1)];
  if (run?.index === undefined) return `${text}${number}`;
  return `${text.slice(0, run.index)}${number}${text.slice(run.index + run[0].length)}`;
}

/** Text that a string field might get instead of what it expects. */
function badText(schema: JsonSchema, place: Place, ctx: Context): Arbitrary<Change> {
  const name = place.name ?? '';
  const valid = validValue(schema, place, ctx).map(asText);
  const options: Arbitrary<Change>[] = [
    fc.constantFrom(...HOSTILE_TEXT).map(change('hostile text')),
    longText(schema).map((text) => ({ value: text, note: `${text.length} characters` })),
    fc.string({ unit: 'binary', maxLength: 40 }).map(change('random unicode')),
    fc.string({ unit: 'binary-ascii', maxLength: 40 }).map(change('random control characters')),
    fc
      .tuple(valid, fc.constantFrom('\u0000', '\r\n', '\u202E', ' ', '😀', '\uD800'))
      .map(([text, suffix]) => ({ value: `${text}${suffix}`, note: 'valid text with a suffix' })),
    valid.map((text) => ({ value: text.toUpperCase(), note: 'valid text in upper case' })),
    fc
      .tuple(valid, fc.nat(), fc.constantFrom('2147483648', '9999999999999999', '0', '00', '-1'))
      .map(([text, which, number]) => ({
        value: replaceNumber(text, which, number),
        note: `a number in it made ${number}`,
      })),
  ];
  if (/base64/.test(name)) options.push(fc.constantFrom(...BAD_BASE64).map(change('bad base64')));
  if (/content_type/.test(name)) {
    options.push(fc.constantFrom(...BAD_CONTENT_TYPES).map(change('bad content type')));
  }
  if (/file_name/.test(name)) {
    options.push(fc.constantFrom(...BAD_FILE_NAMES).map(change('bad file name')));
  }
  return fc.oneof(...options);
}

/** Anything but what the slot's type is. */
function wrongType(schema: JsonSchema, current: unknown): Arbitrary<Change> {
  const type = typeOf(schema);
  const others: unknown[] = [
    null,
    true,
    0,
    -1,
    'text',
    '',
    [],
    {},
    [current],
    { value: current },
  ].filter((candidate) => {
    if (type === 'string') return typeof candidate !== 'string';
    if (type === 'integer' || type === 'number') return typeof candidate !== 'number';
    if (type === 'boolean') return typeof candidate !== 'boolean';
    if (type === 'array') return !Array.isArray(candidate);
    if (type === 'object') return !isPlainObject(candidate);
    return true;
  });
  if (type === 'integer' || type === 'number') {
    others.push(...NUMBER_TEXT.slice(0, 12));
  }
  if (type === 'boolean') others.push('true', 'false', 'yes', 1);
  return fc.constantFrom(...others).map(change('wrong type'));
}

function badNumber(schema: JsonSchema, place: Place, ctx: Context): Arbitrary<Change> {
  const [low, high] = integerBounds(schema);
  const options: Arbitrary<Change>[] = [
    fc.constantFrom(...EDGE_NUMBERS).map(change('edge number')),
    fc.integer().map(change('random integer')),
    fc.double({ noNaN: true, noDefaultInfinity: true }).map(change('random number')),
  ];
  if (low > Number.MIN_SAFE_INTEGER)
    options.push(fc.constant(low - 1).map(change('below minimum')));
  if (high < Number.MAX_SAFE_INTEGER)
    options.push(fc.constant(high + 1).map(change('above maximum')));
  const others = Object.entries(ctx.hints.ids)
    .filter(([kind]) => kind !== kindOfField(place.name ?? ''))
    .flatMap(([, ids]) => ids.slice(0, 3));
  if (others.length > 0) {
    options.push(fc.constantFrom(...others).map(change("another kind's id")));
  }
  return fc.oneof(...options);
}

function badArray(schema: JsonSchema, place: Place, ctx: Context): Arbitrary<Change> {
  const item = validValue(schema.items, { parent: place.name }, ctx);
  return fc.oneof(
    fc.constant([]).map(change('empty list')),
    fc.constant([null, null]).map(change('list of nulls')),
    fc
      .constantFrom((schema.maxItems ?? 50) + 1, 5_000)
      .chain((length) => fc.array(item, { minLength: length, maxLength: length }))
      .map((items) => ({ value: items, note: `${items.length} items` })),
    fc.constant([[[[]]]]).map(change('nested lists')),
  );
}

function deepNesting(): Arbitrary<Change> {
  return fc.constantFrom(64, 10_000, 100_000).map((depth) => ({
    value: new RawJson(`${'['.repeat(depth)}${']'.repeat(depth)}`),
    note: `lists ${depth} deep`,
  }));
}

function extraKey(): Arbitrary<readonly [string, unknown]> {
  return fc.tuple(
    fc.oneof(fc.constantFrom(...EXTRA_KEYS), fc.string({ unit: 'binary', maxLength: 12 })),
    fc.oneof(fc.constantFrom<unknown>(null, 1, 'x', true, {}, []), fc.jsonValue({ maxDepth: 2 })),
  );
}

function mutateBodySlot(draft: Draft, slot: BodySlot, ctx: Context): Arbitrary<Draft> {
  const current = getAt(draft.body, slot.pointer);
  const type = typeOf(slot.schema);
  const options: Arbitrary<Change>[] = [
    wrongType(slot.schema, current),
    fc.jsonValue({ maxDepth: 2 }).map(change('random JSON')),
    deepNesting(),
  ];
  if (type === 'string') options.push(badText(slot.schema, slot.place, ctx));
  if (type === 'integer' || type === 'number')
    options.push(badNumber(slot.schema, slot.place, ctx));
  if (type === 'array') options.push(badArray(slot.schema, slot.place, ctx));
  if (slot.member) options.push(fc.constant({ value: REMOVE, note: 'left out' }));
  if (isPlainObject(current)) {
    options.push(
      fc.array(extraKey(), { minLength: 1, maxLength: 3 }).map((pairs) => ({
        value: { ...current, ...Object.fromEntries(pairs) },
        note: `extra fields ${pairs.map(([key]) => JSON.stringify(key.slice(0, 20))).join(', ')}`,
      })),
      fc.constant({}).map(change('empty object')),
    );
  }
  const where = slot.pointer.length === 0 ? 'body' : `body.${slot.pointer.join('.')}`;
  return fc.oneof(...options).map(({ value, note }) => ({
    ...draft,
    body: setAt(draft.body, slot.pointer, value),
    mutations: [...draft.mutations, `${where}: ${note}`],
  }));
}

/** A body that is not the JSON the route reads: unreadable text, another type, too large. */
function mutateTransport(draft: Draft, hasBody: boolean): Arbitrary<Draft> {
  const json = hasBody ? stringifyBody(draft.body) : '{}';
  const options: Arbitrary<Partial<Draft> & { note: string }>[] = [
    fc.constantFrom(...RAW_BODIES).map(([note, text]) => ({ rawBody: text, note })),
    fc
      .constantFrom(...BAD_BODY_TYPES)
      .map((type) => ({ rawBody: json, headers: { 'content-type': type }, note: type })),
    fc.constantFrom('gzip', 'br', 'deflate', 'identity, gzip').map((encoding) => ({
      rawBody: json,
      headers: { 'content-type': 'application/json', 'content-encoding': encoding },
      note: `content-encoding ${encoding}`,
    })),
    fc.constant({ rawBody: OVERSIZED_BODY, note: 'a body over 1 MB' }),
    fc
      .string({ unit: 'binary', maxLength: 60 })
      .map((text) => ({ rawBody: text, note: 'random text as the body' })),
  ];
  if (json.length > 2) {
    options.push(
      fc.constant({ rawBody: json.slice(0, -1), note: 'the body cut short' }),
      fc.constant({
        rawBody: `${json.slice(0, -1)},${json.slice(1)}`,
        note: 'every key twice',
      }),
    );
  }
  return fc.oneof(...options).map(({ note, ...changed }) => ({
    ...draft,
    ...changed,
    headers: { ...draft.headers, ...changed.headers },
    mutations: [...draft.mutations, `transport: ${note}`],
  }));
}

function badParam(ctx: Context): Arbitrary<Change> {
  const otherIds = Object.values(ctx.hints.ids).flatMap((ids) => ids.slice(0, 2));
  const options: Arbitrary<Change>[] = [
    fc.constantFrom(...PATH_TEXT).map(change('not an id')),
    fc.string({ unit: 'binary', maxLength: 30 }).map(change('random unicode')),
    fc.integer().map((value) => ({ value: String(value), note: 'random integer' })),
    fc
      .bigInt({ min: -(2n ** 70n), max: 2n ** 70n })
      .map((value) => ({ value: String(value), note: 'random big integer' })),
  ];
  if (otherIds.length > 0) {
    options.push(fc.constantFrom(...otherIds).map((id) => ({ value: String(id), note: 'any id' })));
  }
  return fc.oneof(...options);
}

function mutateParam(draft: Draft, name: string, ctx: Context): Arbitrary<Draft> {
  return badParam(ctx).map(({ value, note }) => ({
    ...draft,
    params: { ...draft.params, [name]: value as WireText },
    mutations: [...draft.mutations, `path {${name}}: ${note}`],
  }));
}

function mutateQuery(draft: Draft, parameter: FuzzParameter, ctx: Context): Arbitrary<Draft> {
  const schema = resolve(parameter.schema, ctx);
  const place = { name: parameter.name };
  const valid = validValue(schema, place, ctx).map(asText);
  const options: Arbitrary<{ value: QueryValue | typeof REMOVE; note: string }>[] = [
    fc.constant({ value: REMOVE, note: 'left out' }),
    fc.constant({ value: '', note: 'empty' }),
    fc.tuple(valid, valid).map(([a, b]) => ({ value: [a, b], note: 'given twice' })),
    fc.constantFrom(...NUMBER_TEXT).map((value) => ({ value, note: 'number-like text' })),
    fc.constantFrom(...RAW_ENCODINGS).map((value) => ({ value, note: 'bad percent-encoding' })),
    badText(schema, place, ctx).map(({ value, note }) => ({
      // A request line over 16 KB is refused by Node's parser (431) before any route: kept
      // under it, so the route's own validation answers (see fuzz.api.test.ts).
      value: asText(value).slice(0, 8_000),
      note,
    })),
  ];
  return fc.oneof(...options).map(({ value, note }) => {
    const others = Object.entries(draft.query).filter(([name]) => name !== parameter.name);
    const query: Record<string, QueryValue> = Object.fromEntries(
      value === REMOVE ? others : [...others, [parameter.name, value as QueryValue]],
    );
    return { ...draft, query, mutations: [...draft.mutations, `query ${parameter.name}: ${note}`] };
  });
}

function mutateExtraQuery(draft: Draft): Arbitrary<Draft> {
  return fc
    .tuple(
      fc.constantFrom(...EXTRA_QUERY_NAMES),
      fc.oneof(fc.constantFrom(...HOSTILE_TEXT), fc.constantFrom(...RAW_ENCODINGS)),
    )
    .map(([name, value]) => ({
      ...draft,
      extraQuery: [...draft.extraQuery, [name, value] as const],
      mutations: [
        ...draft.mutations,
        `query: an extra parameter ${JSON.stringify(encodeWire(name))}`,
      ],
    }));
}

/**
 * Changes that have broken text handling, applied to every free-text field at once: one slot
 * at a time, a field that stores or searches text is rarely the one a run picks.
 */
const TEXT_SPRAYS: readonly (readonly [string, (text: string, schema: JsonSchema) => string])[] = [
  ['a NUL at the end', (text) => `${text}\u0000`],
  ['a NUL inside', (text) => `${text.slice(0, 1)}\u0000${text.slice(1)}`],
  ['a lone surrogate', (text) => `${text}\uD800`],
  ['an emoji', (text) => `😀${text}👨‍👩‍👧‍👦`],
  ['an RTL override', (text) => `\u202E${text}`],
  ['CR LF', (text) => `${text}\r\nX-Injected: yes`],
  ['combining marks', (text) => `${text}${'\u0301'.repeat(60)}`],
  ['control characters', (text) => `${text}\u0007\u001b[0m\u007f`],
  ['only spaces', () => '   '],
  ['empty', () => ''],
  [
    'one over its maximum length',
    (text, schema) => text.padEnd((schema.maxLength ?? 10_000) + 1, 'x'),
  ],
  ['a % and a _', (text) => `%${text}_`],
];

/** A string whose content is free, not an enumeration or a pattern. */
function isFreeText(schema: JsonSchema): boolean {
  return typeOf(schema) === 'string' && schema.enum === undefined && schema.pattern === undefined;
}

function sprayText(operation: FuzzOperation, draft: Draft, ctx: Context): Arbitrary<Draft> {
  return fc.constantFrom(...TEXT_SPRAYS).map(([note, spray]) => {
    const params: Record<string, WireText> = { ...draft.params };
    for (const parameter of operation.pathParams) {
      const schema = resolve(parameter.schema, ctx);
      const value = params[parameter.name];
      if (isFreeText(schema) && typeof value === 'string')
        params[parameter.name] = spray(value, schema);
    }
    const query: Record<string, QueryValue> = { ...draft.query };
    for (const parameter of operation.queryParams) {
      const schema = resolve(parameter.schema, ctx);
      const value = query[parameter.name];
      if (isFreeText(schema) && typeof value === 'string')
        query[parameter.name] = spray(value, schema);
    }
    let body = draft.body;
    if (operation.body !== undefined) {
      for (const slot of bodySlots(draft.body, resolve(operation.body, ctx), {}, ctx)) {
        const value = getAt(body, slot.pointer);
        if (isFreeText(slot.schema) && typeof value === 'string') {
          body = setAt(body, slot.pointer, spray(value, slot.schema));
        }
      }
    }
    return {
      ...draft,
      params,
      query,
      body,
      mutations: [...draft.mutations, `every free text: ${note}`],
    };
  });
}

/**
 * One mutation somewhere in the request: a path parameter, the query, a node of the body, the
 * body as a whole; or one change to every free-text field at once.
 */
function mutate(operation: FuzzOperation, draft: Draft, ctx: Context): Arbitrary<Draft> {
  const targets: (() => Arbitrary<Draft>)[] = [
    ...operation.pathParams.map((parameter) => () => mutateParam(draft, parameter.name, ctx)),
    ...operation.queryParams.map((parameter) => () => mutateQuery(draft, parameter, ctx)),
    () => mutateExtraQuery(draft),
  ];
  if (operation.body !== undefined) {
    const slots = bodySlots(draft.body, resolve(operation.body, ctx), {}, ctx);
    targets.push(...slots.map((slot) => () => mutateBodySlot(draft, slot, ctx)));
    targets.push(() => mutateTransport(draft, true));
  } else if (operation.method !== 'GET') {
    // A body sent to an operation that reads none: still read, so still refused properly.
    targets.push(() => mutateTransport(draft, false));
  }
  const oneSlot = fc.integer({ min: 0, max: targets.length - 1 }).chain((index) => {
    const target = targets[index];
    return target ? target() : fc.constant(draft);
  });
  return fc.oneof(
    { weight: 2, arbitrary: oneSlot },
    { weight: 1, arbitrary: sprayText(operation, draft, ctx) },
  );
}

function render(operation: FuzzOperation, draft: Draft): FuzzRequest {
  const path = operation.template.replace(/\{([^}]+)\}/g, (_match, name: string) =>
    encodeWire(draft.params[name] ?? ''),
  );
  const pairs = [...Object.entries(draft.query), ...draft.extraQuery].flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map(
      (item: WireText) => `${encodeWire(name)}=${encodeWire(item)}`,
    ),
  );
  const query = pairs.length > 0 ? `?${pairs.join('&')}` : '';
  const body = draft.rawBody ?? (draft.body === undefined ? undefined : stringifyBody(draft.body));
  const headers: Record<string, string> = { ...draft.headers };
  if (body !== undefined) headers['content-type'] ??= 'application/json';
  return {
    method: operation.method,
    path: `${path}${query}`,
    ...(body === undefined ? {} : { body }),
    headers,
    caller: draft.caller,
    mutations: draft.mutations,
  };
}

/**
 * How many inputs an operation has: its parameters and the leaves of its body's schema. The
 * number of requests an operation gets grows with it.
 */
export function inputCount(
  operation: FuzzOperation,
  schemas: Readonly<Record<string, JsonSchema>> = {},
): number {
  const ctx: Context = { hints: { ids: {}, values: {} }, schemas };
  const leaves = (schema: JsonSchema | undefined, depth: number): number => {
    const resolved = resolve(schema, ctx);
    if (depth > 6) return 1;
    const variants = variantsOf(resolved);
    if (variants !== undefined && variants.length > 0) {
      return Math.max(...variants.map((variant) => leaves(variant, depth + 1)));
    }
    if (resolved.properties !== undefined) {
      return Object.values(resolved.properties).reduce(
        (sum, property) => sum + leaves(property, depth + 1),
        0,
      );
    }
    if (typeOf(resolved) === 'array') return 1 + leaves(resolved.items, depth + 1);
    return 1;
  };
  const body = operation.body === undefined ? 0 : leaves(operation.body, 0);
  return operation.pathParams.length + operation.queryParams.length + body;
}

/**
 * Requests for one operation: its valid-ish request unchanged about one time in ten, else with
 * one mutation, sometimes two.
 */
export function fuzzRequests(
  operation: FuzzOperation,
  hints: FuzzHints,
  schemas: Readonly<Record<string, JsonSchema>> = {},
): Arbitrary<FuzzRequest> {
  const ctx: Context = { hints, schemas };
  return baseDraft(operation, ctx)
    .chain((draft) =>
      fc.oneof(
        { weight: 1, arbitrary: fc.constant(draft) },
        {
          weight: 9,
          arbitrary: mutate(operation, draft, ctx).chain((once) =>
            fc.oneof(
              { weight: 3, arbitrary: fc.constant(once) },
              { weight: 1, arbitrary: mutate(operation, once, ctx) },
            ),
          ),
        },
      ),
    )
    .map((draft) => render(operation, draft));
}

/** The valid-ish request alone, e.g. to read the demo data's ids through the API. */
export function validRequests(
  operation: FuzzOperation,
  hints: FuzzHints,
  schemas: Readonly<Record<string, JsonSchema>> = {},
): Arbitrary<FuzzRequest> {
  return baseDraft(operation, { hints, schemas }).map((draft) =>
    render(operation, { ...draft, caller: 'member' }),
  );
}
