import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

let ticksPerSecond: number | undefined;

function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond =
        Number.parseInt(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim(), 10) ||
        100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

function statFields(pid: number | 'self'): string[] | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces, so count fields after its closing bracket:
    // index 0 is field 3 (state).
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

function ticksMs(fields: string[] | undefined, first: number, second: number): number | undefined {
  const a = Number(fields?.[first]);
  const b = Number(fields?.[second]);
  return fields && Number.isFinite(a) && Number.isFinite(b)
    ? ((a + b) * 1000) / clockTicks()
    : undefined;
}

/**
 * CPU time (user + system, ms) a process has used, from /proc (Linux). Undefined elsewhere:
 * the CPU columns are then left empty, the rest of the report is unaffected.
 */
export function processCpuMs(pid: number): number | undefined {
  return ticksMs(statFields(pid), 11, 12);
}

/**
 * CPU time (ms) of this process's children that have ended and been reaped (cutime +
 * cstime). Across one wrk run that is wrk's own CPU: the servers are still running then.
 */
export function reapedChildrenCpuMs(): number | undefined {
  return ticksMs(statFields('self'), 13, 14);
}

/** CPU of this process (the in-process load generator), ms. */
export function ownCpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/**
 * CPU time (ms) the whole machine has spent busy, from /proc/stat (Linux). Busy time minus
 * what the server and the generator used is what other processes took during a run: on a
 * shared machine that is the noise in the numbers.
 */
export function machineBusyCpuMs(): number | undefined {
  try {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '';
    // cpu  user nice system idle iowait irq softirq steal guest guest_nice
    const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
    if (ticks.length < 8 || ticks.some((n) => !Number.isFinite(n))) return undefined;
    // Interrupt time is left out: it is mostly the loopback network carrying this very load,
    // and is charged to no process. Steal is in: a hypervisor taking the CPU is noise too.
    const [user = 0, nice = 0, system = 0, , , , , steal = 0] = ticks;
    return ((user + nice + system + steal) * 1000) / clockTicks();
  } catch {
    return undefined;
  }
}

/**
 * CPU time (ms) of the PostgreSQL backends serving `database`, found by the process title
 * PostgreSQL gives them (`postgres: USER DATABASE HOST(PORT) STATE`, update_process_title is
 * on by default) on this machine. Undefined when there are none (a remote server, or titles
 * off). A backend that ended meanwhile takes its CPU with it: across a window it is a floor.
 */
export function postgresBackendsCpuMs(database: string): number | undefined {
  let total: number | undefined;
  let pids: string[];
  try {
    pids = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  for (const pid of pids) {
    let title: string;
    try {
      title = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0+$/, '');
    } catch {
      continue;
    }
    const words = title.split(' ');
    if (words[0] !== 'postgres:' || words[2] !== database) continue;
    const ms = processCpuMs(Number(pid));
    if (ms !== undefined) total = (total ?? 0) + ms;
  }
  return total;
}
