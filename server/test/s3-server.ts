/**
 * A real S3-compatible server for tests (s3rver, on disk in a temporary folder, on a free port of
 * 127.0.0.1): no network beyond this machine, nothing to install but the npm package.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import type { S3Settings } from '../storage/s3-storage.ts';

export interface TestS3Server {
  readonly settings: S3Settings;
  /** The S3_* settings that point the app at this server's bucket. */
  readonly env: Record<string, string>;
  /** Requests the server has received so far. */
  requests(): number;
  stop(): Promise<void>;
}

/** s3rver's one built-in account. */
const ACCESS_KEY = 'S3RVER';

export async function startS3Server(bucket = 'lodgehall-test'): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'lodgehall-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  let address;
  try {
    address = await server.run();
  } catch (error) {
    fs.rmSync(directory, { recursive: true, force: true });
    throw error;
  }
  let requests = 0;
  server.httpServer.on('request', () => requests++);
  const settings: S3Settings = {
    endpoint: `http://127.0.0.1:${address.port}`,
    bucket,
    region: 'us-east-1',
    accessKeyId: ACCESS_KEY,
    secretAccessKey: ACCESS_KEY,
  };
  return {
    settings,
    env: {
      S3_ENDPOINT: settings.endpoint ?? '',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
    },
    requests: () => requests,
    async stop() {
      // Keep-alive connections of clients that were not destroyed would hold close() open.
      server.httpServer.closeAllConnections();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
