import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler } from './serializer.ts';

function compile(schema: z.ZodType) {
  return serializerCompiler({ schema, method: 'GET', url: '/', httpStatus: '200' });
}

describe('serializerCompiler', () => {
  const schema = z.object({
    data: z.object({ id: z.number().int(), name: z.string(), note: z.string().nullable() }),
  });

  it('writes the fields the schema names', () => {
    const serialize = compile(schema);
    expect(JSON.parse(serialize({ data: { id: 1, name: 'Harmony', note: null } }))).toEqual({
      data: { id: 1, name: 'Harmony', note: null },
    });
  });

  it('drops fields the schema does not name, so a row never leaks', () => {
    const serialize = compile(schema);
    const row = { id: 1, name: 'Harmony', note: 'x', password_hash: '$argon2id$...' };
    expect(serialize({ data: row })).not.toContain('password_hash');
  });

  it('refuses an answer without a required field', () => {
    const serialize = compile(schema);
    expect(() => serialize({ data: { id: 1, note: null } })).toThrow();
  });

  it('falls back to zod for schemas JSON Schema cannot express', () => {
    const serialize = compile(z.object({ at: z.date() }));
    expect(JSON.parse(serialize({ at: new Date(0) }))).toEqual({ at: '1970-01-01T00:00:00.000Z' });
  });
});
