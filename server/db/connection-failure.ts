/**
 * Whether a driver's failure means the database cannot be reached right now, rather than that a
 * query was wrong: db/database.ts turns such a failure into a DatabaseUnavailableError, which is
 * answered 503 with Retry-After instead of 500 (D76). Only the database's own connections are
 * asked: a socket error of the mailer or a payment provider is not the database's.
 */

/** Node's socket errors: the server is down, restarting, or the network between is. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's SQLSTATEs for a server that is going, gone or not yet there: 57P01
 * admin_shutdown (pg_ctl stop), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up or
 * in recovery), 53300 too_many_connections; class 08 is every connection exception.
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);

/**
 * What node-postgres says, without a code, when its socket ends under it or the pool cannot
 * get a connection within connectionTimeoutMillis (db/database.ts).
 */
const PG_CLIENT_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
];

function isUnavailableCode(code: string): boolean {
  return (
    SOCKET_CODES.has(code) ||
    UNAVAILABLE_STATES.has(code) ||
    /^08[0-9A-Z]{3}$/.test(code) ||
    // SQLite: another process (a CLI command, a backup) held the file's write lock for longer
    // than busy_timeout; it lets go, so this passes like an outage does.
    code.startsWith('SQLITE_BUSY')
  );
}

export function isConnectionFailure(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== 'object' || error === null) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && isUnavailableCode(code)) return true;
  if (typeof message === 'string' && PG_CLIENT_MESSAGES.some((pattern) => pattern.test(message))) {
    return true;
  }
  // Node tries each address of a name (localhost: ::1, then 127.0.0.1) and reports them together.
  if (Array.isArray(errors) && errors.some((each) => isConnectionFailure(each, depth + 1))) {
    return true;
  }
  return isConnectionFailure(cause, depth + 1);
}
