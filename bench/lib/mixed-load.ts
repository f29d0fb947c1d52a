import http from 'node:http';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { API_PREFIX } from '../../common/constants.ts';
import { STREAM_EVENT_BADGES, STREAM_EVENT_CHAT } from '../../common/schemas/chat.ts';
import { Random } from '../../server/db/seed/random.ts';
import type { MixedLoadOptions } from './args.ts';
import type { PreparedDataset } from './dataset.ts';
import { DeliveryLedger } from './delivery-ledger.ts';
import { openBenchEventStream } from './event-stream.ts';
import type { BenchEventStream } from './event-stream.ts';
import { sendOnce } from './http.ts';
import { postgresBackendsCpuMs } from './cpu.ts';
import { CpuWindow } from './load.ts';
import { connectInspector, inspectorUrlFrom } from './inspector.ts';
import type { HeapUsage, InspectorSession } from './inspector.ts';
import { loadMembers } from './load-members.ts';
import { heapTrend, rssMegabytes, rssTrend, saltAllowanceMb } from './memory.ts';
import type { RssSample } from './memory.ts';
import { signInForBench } from './member-signer.ts';
import { MIX, canMake, chatPlan, membersFor, planCall, tabsPerMember } from './mixed-workload.ts';
import type { CallKind, LoadSession, PlannedCall } from './mixed-workload.ts';
import { mixedLoadVerdict } from './mixed-load-report.ts';
import type { KindResult, MixedLoadReport, StreamFigures } from './mixed-load-report.ts';
import { BENCH_CLIENT_HEADERS } from './scenario.ts';
import type { BenchRequest, CapturedResponse, RequestSigner, ScenarioContext } from './scenario.ts';
import type { LodgehallServer } from './servers.ts';
import { LatencyRecorder, summarise } from './stats.ts';

/**
 * The server's settings for the mixed load: hundreds of members sign in from 127.0.0.1 in a
 * minute, which the per-address sign-in limit (25 per 5 minutes by default) exists to stop.
 */
export const MIXED_LOAD_SERVER_ENV: Readonly<Record<string, string>> = {
  SIGN_IN_LIMIT_PER_ADDRESS: '1000000',
};

/**
 * The server's inspector, on a free port of 127.0.0.1, so the run can read its live heap after
 * a full collection at the start and the end (lib/inspector.ts); idle, it costs nothing.
 */
export const MIXED_LOAD_NODE_ARGS: readonly string[] = ['--inspect=127.0.0.1:0'];

/** How often the server's RSS is read during the run. */
const RSS_EVERY_MS = 5_000;
/** How long to wait after the last call for deliveries still on their way. */
const DRAIN_MS = 15_000;
/** Sign-ins and stream opens at once during set-up (argon2 is the cost of a sign-in). */
const SETUP_CONCURRENCY = 4;
const CALL_TIMEOUT_MS = 15_000;
/** A stream's first badges event (sent on connect) must come within this. */
const STREAM_READY_MS = 30_000;
/** Kept of each kind's unexpected answers, to show. */
const ERRORS_SHOWN = 3;

export class MixedLoadInterrupted extends Error {
  constructor() {
    super('interrupted');
    this.name = 'MixedLoadInterrupted';
  }
}

/** Runs `work` over `items`, `limit` at a time, in order of start. */
async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** `promise`, or an error after `ms` (the timer is cleared either way). */
async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} within ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

function json<T>(answer: CapturedResponse): T {
  return JSON.parse(answer.body.toString('utf8')) as T;
}

interface KindTally {
  readonly latencies: LatencyRecorder;
  calls: number;
  errors: number;
  readonly statuses: Record<string, number>;
  readonly samples: string[];
}

export async function runMixedLoad(options: {
  opts: MixedLoadOptions;
  connections: number;
  warmupSeconds: number;
  dataset: PreparedDataset;
  lodgehall: LodgehallServer;
  signal: AbortSignal;
  log: (line: string) => void;
}): Promise<MixedLoadReport> {
  const { opts, dataset, lodgehall, signal, log } = options;
  const { baseUrl } = lodgehall;
  const checkpoint = (): void => {
    if (signal.aborted) throw new MixedLoadInterrupted();
  };
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  // The floor (/healthz) has sockets of its own: queued behind the pool's calls, it would
  // measure the queue rather than the server.
  const floorAgent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const send = (request: BenchRequest, signer: RequestSigner | undefined) =>
    sendOnce(baseUrl, request, signer, CALL_TIMEOUT_MS, agent);
  const ctx: ScenarioContext = {
    baseUrl,
    scale: dataset.scale,
    engine: dataset.engine,
    send: (request, signer) => sendOnce(baseUrl, request, signer),
  };
  const streams: { stream: BenchEventStream; partyId: number }[] = [];
  const loadAverageAtStart = os.loadavg();
  let inspector: InspectorSession | undefined;
  // Read now: the output keeps only its last lines, and the server prints this at start.
  const inspectorUrl = inspectorUrlFrom(lodgehall.output.text());
  try {
    // --- Members and their sessions.
    const memberCount = membersFor(opts.streams);
    const members = await loadMembers(dataset, memberCount);
    const lodges = new Set(members.map((member) => member.clubId)).size;
    log(`   signing in ${members.length} members of ${lodges} lodges...`);
    const signInStarted = performance.now();
    const sessions: LoadSession[] = new Array<LoadSession>(members.length);
    await eachLimited(members, SETUP_CONCURRENCY, async (member, index) => {
      checkpoint();
      const signer = await signInForBench(ctx, member.username);
      sessions[index] = { index, member, signer, chats: [], containers: [], events: [] };
    });
    const signInSeconds = (performance.now() - signInStarted) / 1000;

    // --- The chats, made through the API as members make them.
    const ledger = new DeliveryLedger();
    const plan = chatPlan(sessions.length);
    log(`   making ${plan.length} chats...`);
    await eachLimited(plan, SETUP_CONCURRENCY, async (chat) => {
      checkpoint();
      const [creator, ...others] = chat.members.map((index) => sessions[index] as LoadSession);
      if (!creator) return;
      const body =
        chat.type === 'group'
          ? { chat: { type: 'GroupChat' } }
          : { chat: { party_id: others[0]?.member.partyId } };
      const created = await send(
        {
          method: 'POST',
          path: `${API_PREFIX}/chats.json`,
          headers: { ...BENCH_CLIENT_HEADERS, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        },
        creator.signer,
      );
      if (created.status !== 200) {
        throw new Error(`POST /chats.json answered ${created.status}: ${created.body.toString()}`);
      }
      const chatId = json<{ data: { chat: { id: number } } }>(created).data.chat.id;
      if (chat.type === 'group') {
        for (const other of others) {
          const added = await send(
            {
              method: 'POST',
              path: `${API_PREFIX}/party_chats.json`,
              headers: { ...BENCH_CLIENT_HEADERS, 'content-type': 'application/json' },
              body: JSON.stringify({
                party_chat: { chat_id: chatId, party_id: other.member.partyId },
              }),
            },
            creator.signer,
          );
          if (added.status !== 200) {
            throw new Error(
              `POST /party_chats.json answered ${added.status}: ${added.body.toString()}`,
            );
          }
        }
      }
      const inChat = [creator, ...others];
      ledger.setChatMembers(
        chatId,
        inChat.map((session) => session.member.partyId),
      );
      for (const session of inChat) session.chats.push(chatId);
    });

    // --- What each member's comments and RSVPs aim at, read as their screens read it
    // (which also warms the server's caches and the JIT for the reads).
    log('   reading each member’s feed and calendar...');
    await eachLimited(sessions, SETUP_CONCURRENCY, async (session) => {
      checkpoint();
      const feed = await send(
        { method: 'GET', path: `${API_PREFIX}/posts.json?page=0`, headers: BENCH_CLIENT_HEADERS },
        session.signer,
      );
      if (feed.status !== 200) throw new Error(`the feed answered ${feed.status}`);
      const posts = json<{
        data: { posts: { allows_comments: boolean; comment_container: { id: number } }[] };
      }>(feed).data.posts;
      session.containers.push(
        ...posts.filter((p) => p.allows_comments).map((p) => p.comment_container.id),
      );
      const calendar = await send(
        {
          method: 'GET',
          path: `${API_PREFIX}/calendar_events.json?group=my_events`,
          headers: BENCH_CLIENT_HEADERS,
        },
        session.signer,
      );
      if (calendar.status !== 200) throw new Error(`the calendar answered ${calendar.status}`);
      session.events.push(
        ...json<{ data: { calendar_events: { id: number }[] } }>(calendar).data.calendar_events.map(
          (event) => event.id,
        ),
      );
    });

    // --- The event streams.
    const tabs = tabsPerMember(sessions.length, opts.streams);
    const wanted = sessions.flatMap((session, index) =>
      Array.from({ length: tabs[index] ?? 0 }, () => session),
    );
    log(`   opening ${wanted.length} event streams...`);
    let badgesEvents = 0;
    let heartbeats = 0;
    let otherEvents = 0;
    let openFailures = 0;
    const openErrors: string[] = [];
    const rssBeforeStreams = rssMegabytes(lodgehall.pid);
    const endedEarly: Record<string, number> = {};
    await eachLimited(wanted, SETUP_CONCURRENCY * 4, async (session, streamId) => {
      checkpoint();
      let firstBadges: () => void = () => undefined;
      const ready = new Promise<void>((resolve) => (firstBadges = resolve));
      // Added before it opens: the first chunk may carry events before the open resolves.
      ledger.addStream(streamId, session.member.partyId);
      try {
        const stream = await openBenchEventStream({
          baseUrl,
          signer: session.signer,
          onEvent(event, at) {
            if (event.event === STREAM_EVENT_BADGES) {
              badgesEvents += 1;
              firstBadges();
            } else if (event.event === STREAM_EVENT_CHAT) {
              const data = JSON.parse(event.data) as { kind?: string; chat_message_id?: number };
              if (data.kind === 'message' && typeof data.chat_message_id === 'number') {
                ledger.recordArrival(streamId, data.chat_message_id, at);
              }
            } else {
              otherEvents += 1;
            }
          },
          onComment: (text) => {
            if (text === 'heartbeat') heartbeats += 1;
          },
        });
        streams.push({ stream, partyId: session.member.partyId });
        void stream.ended.then((why) => {
          if (why !== 'closed') endedEarly[why] = (endedEarly[why] ?? 0) + 1;
        });
        await within(ready, STREAM_READY_MS, 'no badges event after the stream opened');
      } catch (error) {
        openFailures += 1;
        if (openErrors.length < ERRORS_SHOWN) {
          openErrors.push(error instanceof Error ? error.message : String(error));
        }
      }
    });
    const rssWithStreams = rssMegabytes(lodgehall.pid);

    // --- The load: calls on a fixed schedule (open loop), whatever the answers take, so a
    // slow answer delays no later call and each latency counts from when the call was due.
    const random = new Random(opts.seed, 'mixed-load');
    const runTag = `${Date.now().toString(36)}${process.pid.toString(36)}`;
    const weights = MIX.map((spec) => [spec.kind, spec.weight] as const);
    const eligible = new Map<CallKind, LoadSession[]>(
      MIX.map((spec) => [spec.kind, sessions.filter((session) => canMake(spec.kind, session))]),
    );
    const tallies = new Map<CallKind, KindTally>(
      MIX.map((spec) => [
        spec.kind,
        { latencies: new LatencyRecorder(), calls: 0, errors: 0, statuses: {}, samples: [] },
      ]),
    );
    let callNumber = 0;
    let measuring = false;
    let measureStart = 0;
    /** Calls sent and not yet answered, at most: above `connections`, calls queued for a socket. */
    let mostInFlight = 0;
    /** Per RSS_EVERY_MS window of the measured run, every call's latency. */
    const windows: number[][] = [];

    const makeCall = async (call: PlannedCall, dueAt: number): Promise<void> => {
      const tally = tallies.get(call.kind);
      let status = 'error';
      let detail = '';
      let answer: CapturedResponse | undefined;
      try {
        answer =
          call.kind === 'healthz'
            ? await sendOnce(baseUrl, call.request, undefined, CALL_TIMEOUT_MS, floorAgent)
            : await send(call.request, call.session.signer);
        status = String(answer.status);
        if (answer.status !== call.expectStatus) detail = answer.body.toString('utf8', 0, 300);
      } catch (error) {
        detail = error instanceof Error ? error.message : String(error);
      }
      const latency = performance.now() - dueAt;
      if (answer?.status === call.expectStatus && call.chatId !== undefined) {
        const sent = json<{ data: { chat_message: { id: number } } }>(answer);
        ledger.recordSent(sent.data.chat_message.id, call.chatId, dueAt, measuring);
      }
      if (!measuring || !tally) return;
      tally.calls += 1;
      tally.statuses[status] = (tally.statuses[status] ?? 0) + 1;
      tally.latencies.record(latency);
      const window = Math.max(0, Math.floor((dueAt - measureStart) / RSS_EVERY_MS));
      (windows[window] ??= []).push(latency);
      if (answer?.status !== call.expectStatus) {
        tally.errors += 1;
        if (tally.samples.length < ERRORS_SHOWN) {
          tally.samples.push(`${call.request.method} ${call.request.path}: ${status} ${detail}`);
        }
      }
    };

    const runFor = async (seconds: number): Promise<number> => {
      const inFlight = new Set<Promise<void>>();
      const total = Math.round(seconds * opts.rate);
      const started = performance.now();
      if (measuring) measureStart = started;
      let issued = 0;
      while (issued < total && !signal.aborted) {
        const elapsed = performance.now() - started;
        const due = Math.min(total, Math.floor((elapsed / 1000) * opts.rate) + 1);
        while (issued < due) {
          const dueAt = started + (issued * 1000) / opts.rate;
          const kind = random.weighted(weights);
          const session = random.pick(eligible.get(kind) ?? sessions);
          const call = planCall(kind, session, random, callNumber++, runTag);
          const pending = makeCall(call, dueAt).finally(() => inFlight.delete(pending));
          inFlight.add(pending);
          if (measuring) mostInFlight = Math.max(mostInFlight, inFlight.size);
          issued += 1;
        }
        const nextDue = started + (issued * 1000) / opts.rate;
        await sleep(Math.max(1, nextDue - performance.now()));
      }
      await Promise.all(inFlight);
      checkpoint();
      return (performance.now() - started) / 1000;
    };

    if (options.warmupSeconds > 0) {
      log(`   warming up: ${options.warmupSeconds} s at ${opts.rate} calls/s (not counted)...`);
      await runFor(options.warmupSeconds);
    }

    let heapAtStart: HeapUsage | undefined;
    if (inspectorUrl) {
      inspector = await connectInspector(inspectorUrl);
      heapAtStart = await inspector.heapAfterCollection();
    } else {
      log('   (no inspector line in the server output: the live heap is not read)');
    }

    log(
      `   measuring: ${opts.durationSeconds} s at ${opts.rate} calls/s with ${streams.length} streams open...`,
    );
    const rss: RssSample[] = [];
    measureStart = performance.now();
    const sampleRss = (): void => {
      const mb = rssMegabytes(lodgehall.pid);
      if (mb !== undefined) rss.push({ atSeconds: (performance.now() - measureStart) / 1000, mb });
    };
    sampleRss();
    const rssTimer = setInterval(sampleRss, RSS_EVERY_MS);
    const progressTimer = setInterval(() => {
      const done = Math.round((performance.now() - measureStart) / 1000);
      const calls = [...tallies.values()].reduce((sum, tally) => sum + tally.calls, 0);
      const errors = [...tallies.values()].reduce((sum, tally) => sum + tally.errors, 0);
      const held = streams.filter(({ stream }) => stream.isOpen()).length;
      log(
        `   ${done} s: ${calls} calls, ${errors} errors, ${held} streams open, RSS ${rss.at(-1)?.mb ?? '?'} MB`,
      );
    }, 60_000);
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const linesBefore = lodgehall.output.lines;
    const cpu = new CpuWindow(lodgehall.pid);
    const databaseName =
      dataset.databaseUrl === undefined
        ? undefined
        : decodeURIComponent(new URL(dataset.databaseUrl).pathname.slice(1));
    const databaseCpu0 =
      databaseName === undefined ? undefined : postgresBackendsCpuMs(databaseName);
    measuring = true;
    let seconds: number;
    try {
      seconds = await runFor(opts.durationSeconds);
    } finally {
      measuring = false;
      clearInterval(rssTimer);
      clearInterval(progressTimer);
      loopDelay.disable();
    }
    const totalCalls = [...tallies.values()].reduce((sum, tally) => sum + tally.calls, 0);
    const cpuFigures = cpu.finish(totalCalls);
    const databaseCpu1 =
      databaseName === undefined ? undefined : postgresBackendsCpuMs(databaseName);
    const databaseCpuPercent =
      databaseCpu0 === undefined || databaseCpu1 === undefined
        ? undefined
        : (100 * (databaseCpu1 - databaseCpu0)) / (seconds * 1000);
    sampleRss();

    // --- Deliveries still on their way, then who is still connected.
    log('   waiting for the last deliveries...');
    const drainUntil = performance.now() + DRAIN_MS;
    while (!ledger.complete() && performance.now() < drainUntil) await sleep(100);
    const held = streams.filter(({ stream }) => stream.isOpen()).length;
    const rssAfterDrain = rssMegabytes(lodgehall.pid);
    const linesUnderLoad = lodgehall.output.lines - linesBefore;
    const heapAtEnd = await inspector?.heapAfterCollection();
    const rssAfterCollection = rssMegabytes(lodgehall.pid);

    const kinds: KindResult[] = MIX.map((spec) => {
      const tally = tallies.get(spec.kind);
      return {
        kind: spec.kind,
        call: spec.call,
        write: spec.write,
        calls: tally?.calls ?? 0,
        errors: tally?.errors ?? 0,
        statuses: tally?.statuses ?? {},
        latencyMs: (tally?.latencies ?? new LatencyRecorder()).summary(),
        budgetP99Ms: spec.budgetP99Ms,
        errorSamples: tally?.samples ?? [],
      };
    });
    const streamFigures: StreamFigures = {
      asked: wanted.length,
      opened: streams.length,
      openFailures,
      openErrors,
      heldAtEnd: held,
      endedEarly,
      members: sessions.length,
      membersWithTwo: tabs.filter((count) => count > 1).length,
      badgesEvents,
      heartbeats,
      otherEvents,
    };
    const report: MixedLoadReport = {
      engine: dataset.engine,
      scale: dataset.scale,
      rate: opts.rate,
      connections: options.connections,
      seed: opts.seed,
      warmupSeconds: options.warmupSeconds,
      durationSeconds: seconds,
      lodges,
      chats: plan.length,
      signInSeconds,
      kinds,
      delivery: ledger.summary(),
      streams: streamFigures,
      rss: {
        beforeStreamsMb: rssBeforeStreams,
        withStreamsMb: rssWithStreams,
        samples: rss,
        afterDrainMb: rssAfterDrain,
        afterCollectionMb: rssAfterCollection,
        trend: rssTrend(rss),
      },
      heap: heapTrend(heapAtStart, heapAtEnd, saltAllowanceMb(dataset.engine, opts.rate)),
      timeline: Array.from(windows, (latencies = [], index) => {
        const summary = summarise(latencies);
        return {
          fromSeconds: (index * RSS_EVERY_MS) / 1000,
          calls: latencies.length,
          p50Ms: summary.p50,
          p99Ms: summary.p99,
          maxMs: summary.max,
        };
      }),
      cpu: cpuFigures,
      databaseCpuPercent,
      mostInFlight,
      generatorLoopDelayP99Ms: loopDelay.percentile(99) / 1e6,
      loadAverage: { start: loadAverageAtStart, end: os.loadavg() },
      serverLogLinesUnderLoad: linesUnderLoad,
      serverLogTail: linesUnderLoad > 0 ? lodgehall.output.text().split('\n').slice(-8) : [],
      verdict: 'FAIL',
      failures: [],
    };
    const { verdict, failures } = mixedLoadVerdict(report);
    return { ...report, verdict, failures };
  } finally {
    inspector?.close();
    for (const { stream } of streams) stream.close();
    agent.destroy();
    floorAgent.destroy();
  }
}
