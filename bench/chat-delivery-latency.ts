/**
 * Chat delivery latency and the memory of open event streams (issue 12, docs/decisions.md D43):
 * persona M sends messages to persona M2 one at a time over HTTP, and each is timed from the
 * moment its POST is sent to the moment M2's event stream (GET /events) hands over its event.
 * Measured twice: with M2's stream alone, then with `--streams` more streams open (members W
 * and A, 8 streams a session, who are not in the chat). The server's resident memory (RSS,
 * /proc) is read before and after the extra streams open. Goals: p50 < 50 ms, p99 < 200 ms,
 * RSS under 300 MB with 1,000 streams.
 *
 *   npm run build:server && npx tsx bench/chat-delivery-latency.ts --scale 50
 *   npx tsx bench/chat-delivery-latency.ts --scale 50 --database-url postgres://.../lodgehall_s50
 *
 * The data set is the bench's own (bench/.data/scale-N, made on first use; see bench/README.md),
 * copied for the run; PostgreSQL is used in place. Results go to bench/results/.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { prepareDataset } from './lib/dataset.ts';
import { BENCH_HOST, sendOnce } from './lib/http.ts';
import { signInForBench } from './lib/member-signer.ts';
import { rssMegabytes } from './lib/memory.ts';
import { RunResources } from './lib/processes.ts';
import { BENCH_CLIENT_HEADERS } from './lib/scenario.ts';
import type { BenchRequest, RequestSigner, ScenarioContext } from './lib/scenario.ts';
import { startLodgehall } from './lib/servers.ts';
import { summarise } from './lib/stats.ts';

const API = '/api/private/mobile/v1';
const STREAMS_PER_SESSION = 8;
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '50' },
    'database-url': { type: 'string' },
    messages: { type: 'string', default: '1000' },
    streams: { type: 'string', default: '1000' },
    'server-entry': { type: 'string', default: 'dist/node/server/main.js' },
    cli: { type: 'string', default: 'scripts/lodgehall.ts' },
  },
});
const scale = Number(values.scale);
const messages = Number(values.messages);
const extraStreams = Number(values.streams);

const resources = new RunResources();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void resources.stopAll().then(() => process.exit(130)));
}

/** A keep-alive client for the sends, so the figure is the server's and not TCP's setup. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function send(
  baseUrl: string,
  request: BenchRequest,
  signer: RequestSigner,
): Promise<{ status: number; body: string }> {
  const body = request.body === undefined ? undefined : Buffer.from(request.body, 'utf8');
  const headers: Record<string, string> = {
    ...BENCH_CLIENT_HEADERS,
    ...request.headers,
    ...signer.headersFor(request),
  };
  if (body) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(body.length);
  }
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: BENCH_HOST,
        port: url.port,
        method: request.method,
        path: request.path,
        headers,
        agent,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

interface Stream {
  /** Resolves when the next event named `name` arrives, with the time it was parsed. */
  next(name: string): Promise<number>;
  close(): void;
}

/** GET /events as the browser's fetch-based stream reads it, on a socket of its own. */
function openStream(baseUrl: string, signer: RequestSigner): Promise<Stream> {
  const request: BenchRequest = { method: 'GET', path: `${API}/events` };
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.get(
      {
        host: BENCH_HOST,
        port: url.port,
        path: request.path,
        headers: { ...BENCH_CLIENT_HEADERS, ...signer.headersFor(request) },
        agent: false,
      },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`GET /events answered ${res.statusCode}`));
          res.resume();
          return;
        }
        const waiting: { name: string; resolve: (at: number) => void }[] = [];
        const seen: { name: string; at: number }[] = [];
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          const at = performance.now();
          text += chunk;
          let end = text.indexOf('\n\n');
          while (end >= 0) {
            const name = /^event: (.*)$/m.exec(text.slice(0, end))?.[1];
            text = text.slice(end + 2);
            end = text.indexOf('\n\n');
            if (!name) continue;
            const index = waiting.findIndex((waiter) => waiter.name === name);
            const [waiter] = index < 0 ? [] : waiting.splice(index, 1);
            if (waiter) waiter.resolve(at);
            else seen.push({ name, at });
          }
        });
        resolve({
          next(name) {
            const index = seen.findIndex((event) => event.name === name);
            const [event] = index < 0 ? [] : seen.splice(index, 1);
            if (event) return Promise.resolve(event.at);
            return new Promise((done) => waiting.push({ name, resolve: done }));
          },
          close: () => req.destroy(),
        });
      },
    );
    req.on('error', reject);
  });
}

async function main(): Promise<void> {
  // Many sessions are opened from one address for the extra streams.
  process.env.SIGN_IN_LIMIT_PER_ADDRESS = '100000';
  const dataset = await prepareDataset({
    resources,
    repoRoot,
    cli: values.cli,
    scale,
    databaseUrl: values['database-url'],
    reseed: false,
    keepDb: false,
    log: (line) => console.log(line),
  });
  const server = await startLodgehall({
    resources,
    repoRoot,
    entry: path.resolve(repoRoot, values['server-entry']),
    dataDir: dataset.dataDir,
    databaseUrl: dataset.databaseUrl,
    readyTimeoutMs: 300_000,
  });
  const { baseUrl } = server;
  const ctx = {
    baseUrl,
    scale,
    engine: dataset.engine,
    send: (request, signer) => sendOnce(baseUrl, request, signer),
  } satisfies ScenarioContext;

  const m = await signInForBench(ctx, 'member');
  const m2 = await signInForBench(ctx, 'member2');
  const who = await send(baseUrl, { method: 'GET', path: `${API}/session.json` }, m2);
  const m2Party = (JSON.parse(who.body) as { data: { user: { party_id: number } } }).data.user
    .party_id;
  const created = await send(
    baseUrl,
    {
      method: 'POST',
      path: `${API}/chats.json`,
      body: JSON.stringify({ chat: { party_id: m2Party } }),
    },
    m,
  );
  if (created.status !== 200)
    throw new Error(`POST /chats.json: ${created.status} ${created.body}`);
  const chatId = (JSON.parse(created.body) as { data: { chat: { id: number } } }).data.chat.id;
  const sendPath = `${API}/chats/${chatId}/party_chat_messages.json`;

  const receiver = await openStream(baseUrl, m2);
  await receiver.next('badges');

  async function measure(label: string): Promise<ReturnType<typeof summarise>> {
    const samples: number[] = [];
    for (let i = 0; i < messages; i += 1) {
      const body = JSON.stringify({
        chat_message: { client_id: `bench-${label}-${Date.now()}-${i}`, content: `Message ${i}` },
      });
      const started = performance.now();
      const arrived = receiver.next('chat');
      const answer = await send(baseUrl, { method: 'POST', path: sendPath, body }, m);
      if (answer.status !== 201) throw new Error(`send answered ${answer.status}: ${answer.body}`);
      samples.push((await arrived) - started);
    }
    return summarise(samples);
  }

  // Warm-up (JIT, prepared queries, caches), not counted.
  for (let i = 0; i < 100; i += 1) {
    const arrived = receiver.next('chat');
    await send(
      baseUrl,
      {
        method: 'POST',
        path: sendPath,
        body: JSON.stringify({ chat_message: { content: `Warm-up ${i}` } }),
      },
      m,
    );
    await arrived;
  }

  const rssIdle = rssMegabytes(server.pid);
  const alone = await measure('alone');
  const rssAfterAlone = rssMegabytes(server.pid);

  const others: Stream[] = [];
  const sessions = Math.ceil(extraStreams / STREAMS_PER_SESSION);
  for (let s = 0; s < sessions; s += 1) {
    const signer = await signInForBench(ctx, s % 2 === 0 ? 'webmaster' : 'admin');
    const count = Math.min(STREAMS_PER_SESSION, extraStreams - others.length);
    const opened = await Promise.all(
      Array.from({ length: count }, () => openStream(baseUrl, signer)),
    );
    await Promise.all(opened.map((stream) => stream.next('badges')));
    others.push(...opened);
  }
  const rssWithStreams = rssMegabytes(server.pid);
  const crowded = await measure('crowded');
  const rssAfterCrowded = rssMegabytes(server.pid);

  const result = {
    when: new Date().toISOString(),
    engine: dataset.engine,
    scale,
    source: dataset.source,
    messages,
    extraStreams: others.length,
    latencyMs: { alone, crowded },
    rssMb: {
      idle: rssIdle,
      afterAlone: rssAfterAlone,
      withStreams: rssWithStreams,
      afterCrowded: rssAfterCrowded,
    },
  };
  const row = (name: string, s: ReturnType<typeof summarise>) =>
    `${name.padEnd(28)} ${s.p50.toFixed(2).padStart(7)} ${s.p90.toFixed(2).padStart(7)} ${s.p99.toFixed(2).padStart(7)} ${s.max.toFixed(2).padStart(8)}`;
  console.log(
    `\nChat delivery, send -> other member's stream (${dataset.engine}, scale ${scale}, ${messages} messages)`,
  );
  console.log(
    `${'streams open'.padEnd(28)} ${'p50 ms'.padStart(7)} ${'p90 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'max ms'.padStart(8)}`,
  );
  console.log(row('1 (the receiver)', alone));
  console.log(row(`${others.length + 1}`, crowded));
  console.log(
    `\nServer RSS: ${rssIdle} MB before, ${rssWithStreams} MB with ${others.length + 1} streams open, ${rssAfterCrowded} MB after the second run`,
  );
  const folder = path.join(repoRoot, 'bench', 'results');
  fs.mkdirSync(folder, { recursive: true });
  const file = path.join(folder, `chat-delivery-${result.when.replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`Written to ${path.relative(repoRoot, file)}`);
  for (const stream of [receiver, ...others]) stream.close();
}

try {
  await main();
} finally {
  agent.destroy();
  await resources.stopAll();
}
