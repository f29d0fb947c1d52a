import { z } from 'zod';

/**
 * The largest id a row can have: ids are 32-bit integers on PostgreSQL, where a larger one in a
 * query fails ("out of range", a 500) instead of finding nothing. So a larger id is refused
 * like any malformed one, before it reaches the database.
 */
export const MAX_RECORD_ID = 2_147_483_647;

/** A record's id in a JSON body. */
export const recordIdSchema = z.number().int().positive().max(MAX_RECORD_ID);

/** A record's id in a path or query string. */
export const recordIdParamSchema = z.coerce.number().int().positive().max(MAX_RECORD_ID);
