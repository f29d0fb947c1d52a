/**
 * `npm run bench -- <scenario> [...]`: measures Lodgehall against a bare node:http server
 * that answers with the same bytes, side by side in one run (docs/architecture.md §10), and a signed
 * route also against bare-signed, which verifies the signature first (D24). See
 * bench/README.md for what the numbers mean and how to add a scenario.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MIXED_LOAD, USAGE, UsageError, parseBenchArgs } from './lib/args.ts';
import type { BenchOptions } from './lib/args.ts';
import { prepareDataset } from './lib/dataset.ts';
import type { PreparedDataset } from './lib/dataset.ts';
import { headerBytes, headerValue, sendOnce } from './lib/http.ts';
import { runAutocannon } from './lib/load.ts';
import type { LoadPlan } from './lib/load.ts';
import {
  MIXED_LOAD_NODE_ARGS,
  MIXED_LOAD_SERVER_ENV,
  MixedLoadInterrupted,
  runMixedLoad,
} from './lib/mixed-load.ts';
import { mixedLoadText } from './lib/mixed-load-report.ts';
import { RunResources } from './lib/processes.ts';
import { BARE_REFUSAL_STATUS } from './lib/bare-handler.ts';
import { BUDGET, budgetLine, caveats, compare, formatTable, resultsTable } from './lib/report.ts';
import type { ToolComparison, Verdict } from './lib/report.ts';
import type { BenchRequest, Scenario, ScenarioContext } from './lib/scenario.ts';
import { loadScenario, scenarioNames } from './lib/scenarios.ts';
import { startBare, startLodgehall } from './lib/servers.ts';
import type { LodgehallServer, RunningServer } from './lib/servers.ts';
import type { LoadResult, LoadTool } from './lib/stats.ts';
import { findWrk, runWrk } from './lib/wrk.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const scenarioDir = path.join(repoRoot, 'bench', 'scenarios');
const resultsDir = path.join(repoRoot, 'bench', 'results');

const SERVER_READY_TIMEOUT_MS = 120_000;
const BARE_READY_TIMEOUT_MS = 30_000;

/** Progress goes to stderr, the report to stdout, so `> file` keeps only the report. */
const log = (line: string): void => {
  process.stderr.write(`${line}\n`);
};
const print = (line = ''): void => {
  process.stdout.write(`${line}\n`);
};

class Interrupted extends Error {
  constructor() {
    super('interrupted');
    this.name = 'Interrupted';
  }
}

interface ScenarioReport {
  readonly name: string;
  readonly description: string;
  readonly request: {
    readonly method: string;
    readonly path: string;
    readonly headerNames: readonly string[];
    readonly bodyBytes: number;
  };
  readonly signed: boolean;
  readonly answer: {
    readonly status: number;
    readonly contentType: string | undefined;
    readonly bodyBytes: number;
    readonly headerBytes: number;
  };
  readonly comparisons: readonly ToolComparison[];
  /** Lines Lodgehall printed (at LOG_LEVEL=warn) while it was loaded: each one is a cost. */
  readonly lodgehallLogLinesUnderLoad: number;
  /** autocannon's verdict: the load tool docs/architecture.md §2 names. */
  readonly verdict: Verdict;
}

function gitState(): { commit: string | undefined; dirty: boolean | undefined } {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: repoRoot,
      encoding: 'utf8',
      stdio: 'pipe',
    }).trim();
    const dirty =
      execFileSync('git', ['status', '--porcelain'], {
        cwd: repoRoot,
        encoding: 'utf8',
        stdio: 'pipe',
      }).trim() !== '';
    return { commit, dirty };
  } catch {
    return { commit: undefined, dirty: undefined };
  }
}

function describeRequest(request: BenchRequest): string {
  return `${request.method} ${request.path}`;
}

async function benchScenario(options: {
  scenario: Scenario;
  opts: BenchOptions;
  dataset: PreparedDataset;
  lodgehall: LodgehallServer;
  wrk: string | undefined;
  resources: RunResources;
  signal: AbortSignal;
}): Promise<ScenarioReport> {
  const { scenario, opts, lodgehall, resources, signal } = options;
  const checkpoint = (): void => {
    if (signal.aborted) throw new Interrupted();
  };
  const ctx: ScenarioContext = {
    baseUrl: lodgehall.baseUrl,
    scale: options.dataset.scale,
    engine: options.dataset.engine,
    send: (request, signer) => sendOnce(lodgehall.baseUrl, request, signer),
  };
  const signer = scenario.authenticate ? await scenario.authenticate(ctx) : undefined;
  const request = await scenario.prepare({ ...ctx, signer });
  if (!request.path.startsWith('/')) {
    throw new Error(`${scenario.name}: prepare() must return a path starting with /`);
  }
  checkpoint();

  // The answer the bare server will repeat, read exactly as the load tools will ask for it.
  const answer = await sendOnce(lodgehall.baseUrl, request, signer);
  const expected = scenario.expectStatus ?? 200;
  if (answer.status !== expected) {
    const excerpt = answer.body.toString('utf8').slice(0, 400);
    throw new Error(
      `${scenario.name}: ${describeRequest(request)} answered ${answer.status}, expected ${expected}:\n${excerpt}`,
    );
  }
  const contentType = headerValue(answer, 'content-type');
  print();
  print(`== ${scenario.name}: ${describeRequest(request)}${signer ? ' (signed)' : ''}`);
  print(`   ${scenario.description}`);
  print(
    `   answer: ${answer.status} ${contentType ?? '(no content-type)'}, body ${answer.body.length} B, headers ~${headerBytes(answer)} B`,
  );

  const bare = await startBare({
    resources,
    repoRoot,
    response: answer,
    timeoutMs: BARE_READY_TIMEOUT_MS,
  });
  // A signed route is also measured against the floor of the protocol: a bare server that
  // verifies each request's signature before it answers (docs/decisions.md D24).
  const bareSigned = signer
    ? await startBare({
        resources,
        repoRoot,
        response: answer,
        timeoutMs: BARE_READY_TIMEOUT_MS,
        verifyWith: signer.publicKey,
      }).catch(async (error: unknown) => {
        await resources.stop(bare.child);
        throw error;
      })
    : undefined;
  const baselines = bareSigned ? [bare, bareSigned] : [bare];
  try {
    // Prove each copy before measuring it.
    for (const baseline of baselines) {
      const copy = await sendOnce(baseline.baseUrl, request, signer);
      if (copy.status !== answer.status || !copy.body.equals(answer.body)) {
        throw new Error(
          `${scenario.name}: the ${baseline.label} server did not repeat Lodgehall's answer`,
        );
      }
    }
    // And that bare-signed really verifies: a request signed for another path must fail.
    if (bareSigned && signer) {
      const forged = await sendOnce(bareSigned.baseUrl, request, {
        publicKey: signer.publicKey,
        headersFor: (sent) => signer.headersFor({ ...sent, path: `${sent.path}#forged` }),
      });
      if (forged.status !== BARE_REFUSAL_STATUS) {
        throw new Error(
          `${scenario.name}: bare-signed answered ${forged.status} to a forged signature`,
        );
      }
    }

    const tools: LoadTool[] = ['autocannon'];
    if (options.wrk && signer) {
      log(`   (wrk skipped: ${scenario.name} is signed and wrk cannot sign each request)`);
    } else if (options.wrk) {
      tools.push('wrk');
    }

    const linesBefore = lodgehall.output.lines;
    const comparisons: ToolComparison[] = [];
    for (const tool of tools) {
      const results: Partial<Record<RunningServer['label'], LoadResult>> = {};
      for (const server of [lodgehall, ...baselines]) {
        const plan: LoadPlan = {
          server,
          request,
          signer,
          connections: opts.connections,
          durationSeconds: opts.durationSeconds,
          signal,
        };
        if (tool === 'autocannon' && opts.warmupSeconds > 0) {
          log(`   warming up ${server.label} (${opts.warmupSeconds} s, not counted)...`);
          await runAutocannon({ ...plan, durationSeconds: opts.warmupSeconds });
          checkpoint();
        }
        log(
          `   ${tool} -> ${server.label}: ${opts.connections} connections, ${opts.durationSeconds} s...`,
        );
        results[server.label] =
          tool === 'wrk' && options.wrk
            ? await runWrk(options.wrk, plan, resources)
            : await runAutocannon(plan);
        checkpoint();
        // A server that died mid-run shows up only as connection errors: say so plainly.
        for (const running of [lodgehall, ...baselines]) {
          const exit = running.child.exitCode ?? running.child.signalCode;
          if (exit !== null) {
            throw new Error(
              `${running.label} exited (${exit}) during the ${tool} run against ${server.label}` +
                `\n--- its output ---\n${running.output.text() || '(none)'}`,
            );
          }
        }
      }
      if (results.lodgehall && results.bare) {
        comparisons.push(
          compare(tool, results.lodgehall, results.bare, opts.connections, results['bare-signed']),
        );
      }
    }
    const linesUnderLoad = lodgehall.output.lines - linesBefore;

    print();
    print(resultsTable(comparisons));
    print();
    for (const note of caveats(comparisons)) print(`note: ${note}`);
    if (linesUnderLoad > 0) {
      print(
        `note: Lodgehall logged ${linesUnderLoad} lines at LOG_LEVEL=warn under load; the last ones:`,
      );
      print(lodgehall.output.text().split('\n').slice(-6).join('\n'));
    }
    if (options.dataset.scale < BUDGET.scale) {
      print(
        `note: §10 is stated for the benchmark data set (--scale ${BUDGET.scale}); this run is scale ${options.dataset.scale}.`,
      );
    }
    for (const comparison of comparisons) print(budgetLine(comparison));

    const primary = comparisons.find((comparison) => comparison.tool === 'autocannon');
    return {
      name: scenario.name,
      description: scenario.description,
      request: {
        method: request.method,
        path: request.path,
        // Names only: values may hold a session cookie.
        headerNames: Object.keys(request.headers ?? {}),
        bodyBytes: Buffer.byteLength(request.body ?? ''),
      },
      signed: signer !== undefined,
      answer: {
        status: answer.status,
        contentType,
        bodyBytes: answer.body.length,
        headerBytes: headerBytes(answer),
      },
      comparisons,
      lodgehallLogLinesUnderLoad: linesUnderLoad,
      verdict: primary?.budget.verdict ?? 'N/A',
    };
  } finally {
    for (const baseline of baselines) await resources.stop(baseline.child);
  }
}

function summaryTable(reports: readonly ScenarioReport[]): string {
  const first = reports[0]?.comparisons[0]?.lodgehall.requestsPerSecond;
  const rps = (value: number | undefined): string =>
    value === undefined ? '-' : Math.round(value).toLocaleString('en-US');
  const ratio = (value: number | undefined): string =>
    value === undefined ? '-' : value.toFixed(2);
  const rows = reports.map((report) => {
    const primary = report.comparisons[0];
    const ours = primary?.lodgehall.requestsPerSecond;
    return [
      report.name,
      report.signed ? 'signed' : 'unsigned',
      rps(ours),
      rps(primary?.bare.requestsPerSecond),
      ratio(primary?.ratio),
      ratio(primary?.cpuRatio),
      rps(primary?.bareSigned?.requestsPerSecond),
      ratio(primary?.signedRatio),
      ratio(primary?.signedCpuRatio),
      primary ? primary.lodgehall.latencyMs.p99.toFixed(2) : '-',
      ours !== undefined && first ? (ours / first).toFixed(2) : '-',
      primary ? `${report.verdict} (vs ${primary.budgetBaseline})` : report.verdict,
    ];
  });
  return formatTable(
    [
      'scenario',
      'kind',
      'lodgehall req/s',
      'bare req/s',
      'vs bare',
      'CPU vs bare',
      'bare-signed req/s',
      'vs bare-signed',
      'CPU vs bare-signed',
      'p99 ms',
      `vs ${reports[0]?.name ?? 'first'}`,
      'budget',
    ],
    rows,
  );
}

async function main(): Promise<number> {
  // Not a load scenario: the schema-driven fuzzing at a larger size than the API test's.
  if (process.argv[2] === 'fuzz') {
    const { runFuzzBench } = await import('./fuzz.ts');
    return runFuzzBench(process.argv.slice(3));
  }
  let opts: BenchOptions;
  try {
    opts = parseBenchArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`bench: ${error.message}\n\n${USAGE}\n`);
    return 2;
  }
  if (opts.help) {
    print(USAGE);
    return 0;
  }
  if (opts.list) {
    for (const name of scenarioNames(scenarioDir)) {
      const scenario = await loadScenario(scenarioDir, name);
      print(`${name.padEnd(24)} ${scenario.description}`);
    }
    print(
      `${MIXED_LOAD.padEnd(24)} minutes of reads, writes, chat sends and open event streams at once (a mode, runs alone)`,
    );
    return 0;
  }

  const mixedLoad = opts.mixedLoad;
  const scenarios = mixedLoad
    ? []
    : await Promise.all(opts.scenarios.map((name) => loadScenario(scenarioDir, name)));
  const entry = path.resolve(repoRoot, opts.serverEntry);
  if (!fs.existsSync(entry)) {
    throw new Error(
      `${path.relative(repoRoot, entry)} does not exist: run npm run build:server first (npm run bench does)`,
    );
  }
  const cli = path.resolve(repoRoot, opts.cli);
  if (!fs.existsSync(cli)) {
    throw new Error(`the project CLI ${path.relative(repoRoot, cli)} does not exist`);
  }

  const resources = new RunResources();
  const abort = new AbortController();
  let interrupts = 0;
  const onSignal = (signal: NodeJS.Signals): void => {
    interrupts++;
    if (interrupts > 1) {
      resources.killAllNow();
      process.exit(130);
    }
    log(`\n${signal}: stopping the load and the servers (again to kill at once)...`);
    abort.abort();
    void resources.stopAll().finally(() => process.exit(130));
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, onSignal);
  // Whatever ends the process, no server outlives it.
  process.on('exit', () => resources.killAllNow());

  const startedAt = new Date();
  const load = os.loadavg()[0] ?? 0;
  const cpus = os.availableParallelism();
  const cpuModel = os.cpus()[0]?.model ?? 'unknown CPU';
  try {
    const wrk = opts.wrk ? findWrk() : undefined;
    print(
      `Lodgehall bench: node ${process.version}, ${cpus} CPUs (${cpuModel}), load average ${load.toFixed(2)}`,
    );
    print(
      mixedLoad
        ? `load: ${MIXED_LOAD}, ${mixedLoad.rate} calls/s for ${mixedLoad.durationSeconds} s after ${opts.warmupSeconds} s warm-up, at most ${opts.connections} in flight, ${mixedLoad.streams} event streams`
        : `load: ${opts.connections} connections, ${opts.durationSeconds} s each after ${opts.warmupSeconds} s warm-up; tools: autocannon${wrk ? ', wrk' : opts.wrk ? ' (wrk not installed)' : ' (wrk off: --no-wrk)'}`,
    );
    if (load > cpus * 0.5) {
      print(
        `note: the machine is busy (load ${load.toFixed(2)} on ${cpus} CPUs): expect noisy numbers.`,
      );
    }

    const dataset = await prepareDataset({
      resources,
      repoRoot,
      cli,
      scale: opts.scale,
      databaseUrl: opts.databaseUrl,
      reseed: opts.reseed,
      keepDb: opts.keepDb,
      log,
    });
    if (abort.signal.aborted) throw new Interrupted();
    const counts = Object.entries(dataset.counts)
      .map(([table, n]) => `${table} ${n.toLocaleString('en-US')}`)
      .join(', ');
    print(
      `data: ${dataset.engine}, scale ${dataset.scale}, ${dataset.source}${counts ? ` (${counts})` : ''}`,
    );

    const lodgehall = await startLodgehall({
      resources,
      repoRoot,
      entry,
      dataDir: dataset.dataDir,
      databaseUrl: dataset.databaseUrl,
      readyTimeoutMs: SERVER_READY_TIMEOUT_MS,
      env: mixedLoad ? MIXED_LOAD_SERVER_ENV : undefined,
      nodeArgs: [
        ...(mixedLoad ? MIXED_LOAD_NODE_ARGS : []),
        ...(opts.cpuProfileDir === undefined
          ? []
          : ['--cpu-prof', `--cpu-prof-dir=${path.resolve(opts.cpuProfileDir)}`]),
      ],
    });
    print(
      `server: ${path.relative(repoRoot, entry)} ready in ${Math.round(lodgehall.readyMs)} ms at ${lodgehall.baseUrl}`,
    );

    const recordBase = () => ({
      startedAt: startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      machine: {
        node: process.version,
        platform: `${os.platform()} ${os.release()}`,
        cpus,
        cpuModel,
        loadAverageAtStart: load,
        memoryGiB: os.totalmem() / 1024 ** 3,
      },
      git: gitState(),
      dataset: {
        engine: dataset.engine,
        scale: dataset.scale,
        source: dataset.source,
        seededSeconds: dataset.seededSeconds,
        counts: dataset.counts,
      },
      lodgehall: { entry: path.relative(repoRoot, entry), readyMs: lodgehall.readyMs },
    });
    const writeRecord = (name: string, record: object): void => {
      fs.mkdirSync(resultsDir, { recursive: true });
      const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
      const file = path.join(resultsDir, `${name}-${stamp}.json`);
      fs.writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
      print();
      print(`results: ${path.relative(repoRoot, file)}`);
      if (opts.keepDb) print(`data kept: ${path.relative(repoRoot, dataset.dataDir)}`);
    };

    if (mixedLoad) {
      print();
      print(`== ${MIXED_LOAD}`);
      const report = await runMixedLoad({
        opts: mixedLoad,
        connections: opts.connections,
        warmupSeconds: opts.warmupSeconds,
        dataset,
        lodgehall,
        signal: abort.signal,
        log,
      }).catch((error: unknown) => {
        throw error instanceof MixedLoadInterrupted ? new Interrupted() : error;
      });
      print(
        `   ${report.streams.members} members of ${report.lodges} lodges signed in (${report.signInSeconds.toFixed(1)} s), ${report.chats} chats; ${report.rate} calls/s for ${report.durationSeconds.toFixed(0)} s, at most ${report.connections} in flight`,
      );
      print();
      for (const line of mixedLoadText(report)) print(line);
      writeRecord(MIXED_LOAD, { ...recordBase(), mixedLoad: report });
      if (report.verdict === 'FAIL' && opts.strict) {
        log(`bench: ${MIXED_LOAD} missed its bar (--strict)`);
        return 1;
      }
      return 0;
    }

    const reports: ScenarioReport[] = [];
    for (const scenario of scenarios) {
      reports.push(
        await benchScenario({
          scenario,
          opts,
          dataset,
          lodgehall,
          wrk,
          resources,
          signal: abort.signal,
        }),
      );
    }
    if (reports.length > 1) {
      print();
      print('== summary (autocannon)');
      print(summaryTable(reports));
    }

    writeRecord(opts.scenarios.join('+'), {
      ...recordBase(),
      options: {
        connections: opts.connections,
        durationSeconds: opts.durationSeconds,
        warmupSeconds: opts.warmupSeconds,
        scale: opts.scale,
        engine: dataset.engine,
      },
      wrk: wrk ?? null,
      budget: BUDGET,
      scenarios: reports,
    });

    const failed = reports
      .filter((report) => report.verdict === 'FAIL')
      .map((report) => report.name);
    if (failed.length && opts.strict) {
      log(`bench: budget missed by ${failed.join(', ')} (--strict)`);
      return 1;
    }
    return 0;
  } finally {
    await resources.stopAll();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof Interrupted) return;
    log(`bench: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
