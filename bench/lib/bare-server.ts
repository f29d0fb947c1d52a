/**
 * The baselines: a bare `node:http` server that answers every request with one fixed
 * status, header list and body, read from the JSON file named on the command line. `bare`
 * does nothing else, so its throughput is what this machine's Node can serve for those bytes;
 * `bare-signed` verifies each request's signature first (bare-handler.ts), the floor of any
 * signed route.
 *
 * Run as a child of the harness (`node --import tsx bench/lib/bare-server.ts <spec.json>`),
 * with an IPC channel: it reports its port there, and exits when the channel closes, so it
 * cannot outlive a harness that was killed outright.
 */
import fs from 'node:fs';
import http from 'node:http';
import { createBareHandler } from './bare-handler.ts';
import { isBareSpec } from './bare-spec.ts';

const specFile = process.argv[2];
if (!specFile || !process.send) {
  console.error(
    'usage: node --import tsx bench/lib/bare-server.ts <spec.json> (as a child with IPC)',
  );
  process.exit(2);
}

const parsed: unknown = JSON.parse(fs.readFileSync(specFile, 'utf8'));
if (!isBareSpec(parsed)) {
  console.error(`bare-server: ${specFile} is not a bare server spec`);
  process.exit(2);
}

const server = http.createServer(createBareHandler(parsed));

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
});

const stop = (): void => {
  server.close();
  server.closeAllConnections();
  process.exit(0);
};
process.on('disconnect', stop);
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
