import autocannon from 'autocannon';
import type { RunningServer } from './servers.ts';
import type { BenchRequest, RequestSigner } from './scenario.ts';
import { machineBusyCpuMs, ownCpuMs, processCpuMs, reapedChildrenCpuMs } from './cpu.ts';
import { LatencyRecorder } from './stats.ts';
import type { LoadResult } from './stats.ts';

export interface LoadPlan {
  readonly server: RunningServer;
  readonly request: BenchRequest;
  readonly signer: RequestSigner | undefined;
  readonly connections: number;
  readonly durationSeconds: number;
  /** Stops the run early (Ctrl-C). */
  readonly signal: AbortSignal;
}

type CpuFigures = Pick<
  LoadResult,
  'serverCpuPercent' | 'serverCpuMicrosPerResponse' | 'generatorCpuPercent' | 'otherCpuPercent'
>;

/**
 * CPU of the server, of the load generator and of the rest of the machine across one run.
 * The generator is this process (autocannon) plus any child that ended meanwhile (wrk).
 */
export class CpuWindow {
  private readonly server0: number | undefined;
  private readonly generator0 = generatorCpuMs();
  private readonly machine0 = machineBusyCpuMs();
  private readonly started = performance.now();

  constructor(private readonly serverPid: number) {
    this.server0 = processCpuMs(serverPid);
  }

  finish(responses: number): CpuFigures {
    const wallMs = performance.now() - this.started;
    const server1 = processCpuMs(this.serverPid);
    const generator1 = generatorCpuMs();
    const machine1 = machineBusyCpuMs();
    const delta = (a: number | undefined, b: number | undefined): number | undefined =>
      a === undefined || b === undefined ? undefined : b - a;
    const serverMs = delta(this.server0, server1);
    const generatorMs = delta(this.generator0, generator1);
    const machineMs = delta(this.machine0, machine1);
    const percent = (ms: number | undefined): number | undefined =>
      ms === undefined ? undefined : (100 * ms) / wallMs;
    return {
      serverCpuPercent: percent(serverMs),
      serverCpuMicrosPerResponse:
        serverMs === undefined || responses === 0 ? undefined : (1000 * serverMs) / responses,
      generatorCpuPercent: percent(generatorMs),
      otherCpuPercent:
        machineMs === undefined || serverMs === undefined || generatorMs === undefined
          ? undefined
          : percent(Math.max(0, machineMs - serverMs - generatorMs)),
    };
  }
}

function generatorCpuMs(): number | undefined {
  const children = reapedChildrenCpuMs();
  return children === undefined ? undefined : ownCpuMs() + children;
}

/**
 * One autocannon run in this process. The same options go to both servers, so whatever the
 * generator costs (signing included) is the same on both sides of the ratio.
 */
export function runAutocannon(plan: LoadPlan): Promise<LoadResult> {
  const { request, signer } = plan;
  const latencies = new LatencyRecorder();
  let responses = 0;
  let bytes = 0;

  const options: autocannon.Options = {
    url: new URL(request.path, plan.server.baseUrl).toString(),
    connections: plan.connections,
    duration: plan.durationSeconds,
    timeout: 10,
    method: request.method,
    headers: { ...request.headers },
    body: request.body,
  };
  if (signer) {
    // A signature's salt is single-use: rebuild the request with fresh headers each time.
    // Without a signer the request is built once and its bytes reused, as is cheapest.
    options.requests = [
      {
        setupRequest: (built) => ({
          ...built,
          headers: { ...built.headers, ...signer.headersFor(request) },
        }),
      },
    ];
  }

  return new Promise((resolve, reject) => {
    const cpu = new CpuWindow(plan.server.pid);
    const instance = autocannon(options, (error: unknown, result) => {
      clearTimeout(guard);
      plan.signal.removeEventListener('abort', onAbort);
      if (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      const statusCounts: Record<string, number> = {};
      for (const [status, stat] of Object.entries(result.statusCodeStats ?? {}))
        statusCounts[status] = stat.count ?? 0;
      resolve({
        tool: 'autocannon',
        target: plan.server.label,
        durationSeconds: result.duration,
        responses,
        requestsPerSecond: result.duration > 0 ? responses / result.duration : 0,
        latencyMs: latencies.summary(),
        errors: result.errors,
        non2xx: result.non2xx,
        statusCounts,
        bytesPerResponse: responses ? bytes / responses : undefined,
        ...cpu.finish(responses),
      });
    });
    instance.on('response', (_client, _status, resBytes, responseTime) => {
      responses++;
      bytes += resBytes;
      latencies.record(responseTime);
    });
    // autocannon ends on its own at `duration`; the guard covers a wedged run.
    const guard = setTimeout(() => instance.stop(), (plan.durationSeconds + 30) * 1000);
    const onAbort = (): void => instance.stop();
    plan.signal.addEventListener('abort', onAbort, { once: true });
  });
}
