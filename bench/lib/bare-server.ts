/**
 * The baseline: a bare `node:http` server that answers every request with one fixed
 * status, header list and body, read from the JSON file named on the command line. It does
 * nothing else, so its throughput is what this machine's Node can serve for those bytes.
 *
 * Run as a child of the harness (`node --import tsx bench/lib/bare-server.ts <spec.json>`),
 * with an IPC channel: it reports its port there, and exits when the channel closes, so it
 * cannot outlive a harness that was killed outright.
 */
import fs from 'node:fs';
import http from 'node:http';
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
const { status, rawHeaders } = parsed;
const body = Buffer.from(parsed.bodyBase64, 'base64');
// Node writes a flat [name, value, ...] list as is, keeping Lodgehall's names and order.
const headers = [...rawHeaders];

const server = http.createServer((req, res) => {
  // Drain any request body so the keep-alive connection stays usable, as Fastify would.
  req.resume();
  res.writeHead(status, headers);
  res.end(body);
});

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
