import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isConnectionFailure } from './connection-failure.ts';
import { DatabaseUnavailableError, isDatabaseUnavailable } from './database.ts';

/** What the driver throws when nothing listens where the database should be. */
async function refusedConnection(host: string): Promise<unknown> {
  const port = await new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
  const client = new pg.Client({ host, port, user: 'nobody', database: 'none' });
  return client.connect().then(
    () => new Error('connected to a closed port'),
    (error: unknown) => error,
  );
}

function pgError(code: string, message: string): pg.DatabaseError {
  const error = new pg.DatabaseError(message, message.length, 'error');
  error.code = code;
  return error;
}

describe('which failures mean the database cannot be reached (D76)', () => {
  it('a refused connection, by address or by a name with several addresses', async () => {
    expect(isConnectionFailure(await refusedConnection('127.0.0.1'))).toBe(true);
    expect(isConnectionFailure(await refusedConnection('localhost'))).toBe(true);
  });

  it("PostgreSQL's shutdown, start-up and connection-exception states", () => {
    for (const code of ['57P01', '57P02', '57P03', '53300', '08006', '08001', '08P01']) {
      expect(isConnectionFailure(pgError(code, 'the server says no')), code).toBe(true);
    }
  });

  it("node-postgres's own words for a lost socket and a pool that waited too long", () => {
    for (const message of [
      'Connection terminated unexpectedly',
      'Connection terminated',
      'Connection terminated due to connection timeout',
      'timeout exceeded when trying to connect',
      'Client has encountered a connection error and is not queryable',
    ]) {
      expect(isConnectionFailure(new Error(message)), message).toBe(true);
    }
  });

  it('a wrong query or a broken rule is not an outage', () => {
    expect(isConnectionFailure(pgError('42601', 'syntax error at or near "selec"'))).toBe(false);
    expect(isConnectionFailure(pgError('23505', 'duplicate key value'))).toBe(false);
    expect(isConnectionFailure(pgError('28P01', 'password authentication failed'))).toBe(false);
    expect(isConnectionFailure(new TypeError('x is undefined'))).toBe(false);
    expect(isConnectionFailure('ECONNREFUSED')).toBe(false);
    expect(isConnectionFailure(null)).toBe(false);
  });

  it('SQLite kept busy by another process past the timeout, but not a broken constraint', () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lodgehall-busy-'));
    const file = path.join(folder, 'busy.sqlite');
    const holder = new SQLite(file);
    const waiter = new SQLite(file, { timeout: 0 });
    try {
      holder.exec('create table t (id integer primary key)');
      holder.exec('begin immediate');
      let busy: unknown;
      try {
        waiter.exec('insert into t values (1)');
      } catch (error) {
        busy = error;
      }
      expect(isConnectionFailure(busy)).toBe(true);
      holder.exec('rollback');
      waiter.exec('insert into t values (1)');
      let duplicate: unknown;
      try {
        waiter.exec('insert into t values (1)');
      } catch (error) {
        duplicate = error;
      }
      expect(isConnectionFailure(duplicate)).toBe(false);
    } finally {
      waiter.close();
      holder.close();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('a DatabaseUnavailableError is known through the errors it caused', () => {
    const unavailable = new DatabaseUnavailableError('db', new Error('Connection terminated'));
    expect(isDatabaseUnavailable(unavailable)).toBe(true);
    expect(isDatabaseUnavailable(new Error('while sweeping', { cause: unavailable }))).toBe(true);
    // A socket error of the mailer or a payment provider is not the database's.
    expect(isDatabaseUnavailable(Object.assign(new Error('smtp'), { code: 'ECONNREFUSED' }))).toBe(
      false,
    );
  });
});
