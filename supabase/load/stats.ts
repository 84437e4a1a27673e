// What the load bench counts: latencies and errors per kind of request, and the CPU and memory of
// each service's processes (a service's whole process tree, read from /proc).
import { readdirSync, readFileSync } from 'node:fs';

export interface KindFigures {
  kind: string;
  count: number;
  errors: number;
  /** A few distinct error texts, for the report. */
  samples: string[];
  p50: number;
  p95: number;
  p99: number;
  perSecond: number;
}

export const percentile = (sorted: readonly number[], p: number) => (sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!);

/** Latencies and errors of each kind of request, while the measured window is open. */
export class Recorder {
  private readonly latencies = new Map<string, number[]>();
  private readonly errors = new Map<string, { count: number; samples: Set<string> }>();
  measuring = false;

  ok(kind: string, ms: number) {
    if (!this.measuring) return;
    let list = this.latencies.get(kind);
    if (!list) this.latencies.set(kind, (list = []));
    list.push(ms);
  }

  fail(kind: string, why: string) {
    if (!this.measuring) return;
    let entry = this.errors.get(kind);
    if (!entry) this.errors.set(kind, (entry = { count: 0, samples: new Set() }));
    entry.count += 1;
    if (entry.samples.size < 3) entry.samples.add(why.slice(0, 160));
  }

  /** Runs `work` as one request of `kind`: its time when it succeeds, an error when it throws. */
  async time<T>(kind: string, work: () => Promise<T>): Promise<T | undefined> {
    const began = performance.now();
    try {
      const result = await work();
      this.ok(kind, performance.now() - began);
      return result;
    } catch (error) {
      this.fail(kind, error instanceof Error ? error.message : String(error));
      return undefined;
    }
  }

  figures(seconds: number): KindFigures[] {
    const kinds = new Set([...this.latencies.keys(), ...this.errors.keys()]);
    return [...kinds].map((kind) => {
      const failed = this.errors.get(kind);
      return kindFigures(kind, this.latencies.get(kind) ?? [], failed?.count ?? 0, [...(failed?.samples ?? [])], seconds);
    });
  }
}

/** One kind's figures from its latencies and its errors (a count, and a few texts to show). */
export function kindFigures(kind: string, latencies: readonly number[], errors: number, samples: string[], seconds: number): KindFigures {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    kind,
    count: sorted.length + errors,
    errors,
    samples,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    perSecond: (sorted.length + errors) / seconds,
  };
}

interface ProcessTick {
  ticks: number;
  rssKb: number;
}

/**
 * CPU time (clock ticks: utime + stime, plus cutime + cstime of children already reaped, so a
 * PostgreSQL backend that ended still counts) and resident memory of every process, with its parent.
 */
function readProcesses(): Map<number, { ppid: number } & ProcessTick> {
  const processes = new Map<number, { ppid: number } & ProcessTick>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name may hold spaces and parentheses: fields start after its last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const rssPages = Number(fields[21]);
      processes.set(Number(entry), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]), rssKb: rssPages * 4 });
    } catch {
      // The process ended while we read.
    }
  }
  return processes;
}

function treeOf(root: number, processes: Map<number, { ppid: number } & ProcessTick>): ProcessTick {
  const children = new Map<number, number[]>();
  for (const [pid, { ppid }] of processes) {
    let list = children.get(ppid);
    if (!list) children.set(ppid, (list = []));
    list.push(pid);
  }
  const total = { ticks: 0, rssKb: 0 };
  const pending = [root];
  while (pending.length > 0) {
    const pid = pending.pop()!;
    const process = processes.get(pid);
    if (!process) continue;
    total.ticks += process.ticks;
    total.rssKb += process.rssKb;
    pending.push(...(children.get(pid) ?? []));
  }
  return total;
}

export interface ServiceUsage {
  service: string;
  /** Average CPU over the window, in % of one core. */
  cpuPercent: number;
  peakRssMb: number;
}

/**
 * Samples the named processes (each with its children: PostgreSQL's backends, Deno's workers)
 * every second; `stop()` answers each one's CPU over the window and its peak memory. A service
 * that runs inside another (the supervisor's in-process servers) is counted in that one, and a
 * child's tree is taken out of its parent's, so nothing is counted twice.
 */
export function sampleServices(pids: () => Record<string, number>, everyMs = 1_000) {
  const hertz = 100; // USER_HZ on Linux
  const first = new Map<string, number>();
  const last = new Map<string, number>();
  const peak = new Map<string, number>();
  const startedAt = performance.now();
  const sample = () => {
    const processes = readProcesses();
    const named = pids();
    const own = new Set(Object.values(named));
    for (const [service, pid] of Object.entries(named)) {
      const tree = treeOf(pid, processes);
      // Subtract named services that run under this one.
      for (const other of own) {
        if (other === pid) continue;
        let parent = processes.get(other)?.ppid;
        while (parent && parent !== pid && parent > 1) parent = processes.get(parent)?.ppid;
        if (parent === pid) {
          const sub = treeOf(other, processes);
          tree.ticks -= sub.ticks;
          tree.rssKb -= sub.rssKb;
        }
      }
      if (!first.has(service)) first.set(service, tree.ticks);
      last.set(service, tree.ticks);
      peak.set(service, Math.max(peak.get(service) ?? 0, tree.rssKb));
    }
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    stop(): ServiceUsage[] {
      clearInterval(timer);
      sample();
      const seconds = (performance.now() - startedAt) / 1000;
      return [...last.keys()].map((service) => ({
        service,
        cpuPercent: ((last.get(service)! - first.get(service)!) / hertz / seconds) * 100,
        peakRssMb: peak.get(service)! / 1024,
      }));
    },
  };
}
