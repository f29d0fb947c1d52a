// The maintained fork of s3rver ships no types; this is the part the tests use.
declare module '@20minutes/s3rver' {
  import type { AddressInfo } from 'node:net';
  import type { Server } from 'node:http';

  interface S3rverOptions {
    address?: string;
    port?: number;
    directory?: string;
    silent?: boolean;
    resetOnClose?: boolean;
    configureBuckets?: { name: string }[];
  }

  class S3rver {
    constructor(options?: S3rverOptions);
    readonly httpServer: Server;
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
  export = S3rver;
}
