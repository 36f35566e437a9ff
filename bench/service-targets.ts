/** The service rows' targets, judged from the `service` section's figures. */
import type { TargetVerdict } from './figures.js';
import { median } from './measure-cli.js';
import type { CycleCost, ServiceFigures } from './service-figures.js';

const n = (v: number) => Math.round(v).toLocaleString('en-US');
const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(1)}%`;
const s = (ms: number | undefined) => (ms === undefined ? '?' : `${(ms / 1000).toFixed(1)} s`);
const notRun = (f: { status: string; reason?: string }) => `${f.status}${f.reason ? `: ${f.reason}` : ''}`;
const cost = (c: CycleCost) =>
  `CPU ${s(c.cpuMs)}, ${n(c.requests)} requests, ${n(c.responseBytes)} B, ${n(c.mutations)} mutations, ${c.judged} judged, ${s(c.cycleMs)}`;

function unchangedTarget(f: ServiceFigures): TargetVerdict {
  const target =
    "Service, unchanged cycle (medium): Janus CPU ≤ 5% of a full read+judge's, requests and response bytes ≤ 20% of a full read's, 0 mutations, 0 transitions";
  const u = f.unchanged;
  if (u.status === 'skipped') return { target, holds: null, detail: notRun(u) };
  const full =
    u.dryRun ??
    (u.first
      ? {
          cpuMs: u.first.cpuMs,
          requests: u.first.requests,
          responseBytes: u.first.responseBytes,
          wallMs: u.first.cycleMs,
        }
      : undefined);
  const against = u.dryRun ? '`janus scan --all --dry-run`' : 'the first cycle';
  const context = `${u.first ? `; the first cycle (read, judge, write-back): ${cost(u.first)}` : ''}${u.settling.length ? `; ${u.settling.length} cycle(s) after it still judging (DataHub answering with Janus's own write-back): ${u.settling.map(cost).join('; ')}` : ''}`;
  if (u.status !== 'done' || !full || !u.cycles.length)
    return { target, holds: false, detail: `${notRun(u)}${context}` };
  const m = (pick: (c: CycleCost) => number) => median(u.cycles.map(pick));
  const [cpu, requests, bytes] = [m((c) => c.cpuMs), m((c) => c.requests), m((c) => c.responseBytes)];
  const mutations = u.cycles.reduce((a, c) => a + c.mutations, 0);
  const transitions = u.cycles.reduce((a, c) => a + c.transitions, 0);
  const holds =
    cpu <= 0.05 * full.cpuMs &&
    requests <= 0.2 * full.requests &&
    bytes <= 0.2 * full.responseBytes &&
    mutations === 0 &&
    transitions === 0;
  const detail =
    `median of ${u.cycles.length} cycles every ${s(u.intervalMs)}: CPU ${s(cpu)} (${pct(cpu, full.cpuMs)} of ${against}'s ${s(full.cpuMs)}), ` +
    `${n(requests)} requests (${pct(requests, full.requests)} of ${n(full.requests)}), ${n(bytes)} B (${pct(bytes, full.responseBytes)} of ${n(full.responseBytes)} B), ` +
    `${mutations} mutations, ${transitions} transitions${context}`;
  return { target, holds, detail };
}

function changeTarget(f: ServiceFigures): TargetVerdict {
  const c = f.change;
  const limit = c.intervalMs + 2000;
  const target = `Service, change to transition (medium): one transition per root cause, p95 from the ingest's answer to the queued transition ≤ interval + 2 s (${s(limit)})`;
  if (c.status === 'skipped') return { target, holds: null, detail: notRun(c) };
  const one = c.transitionsPerChange.every((t) => t === 1);
  const detail =
    `${c.latenciesMs.length} changes (a new run of ${c.job ?? '?'}, read by ${c.models ?? '?'} models, failing then fixed, in turn): p50 ${s(c.p50Ms)}, p95 ${s(c.p95Ms)}, max ${s(c.latenciesMs.length ? Math.max(...c.latenciesMs) : undefined)}; ` +
    `transitions per change: ${c.transitionsPerChange.join(', ')}${c.status === 'done' ? '' : ` (${notRun(c)})`}`;
  return { target, holds: c.status === 'done' && one && (c.p95Ms ?? Infinity) <= limit, detail };
}

function scaleOutTarget(f: ServiceFigures): TargetVerdict {
  const o = f.scaleOut;
  const target =
    'Service, scale-out (first cycle with its write-back): 2 `janus worker` processes ≥ 1.6× the throughput of 1';
  if (o.status === 'skipped') return { target, holds: null, detail: notRun(o) };
  const [one, two] = [o.runs.find((r) => r.workers === 1), o.runs.find((r) => r.workers === 2)];
  const runs = o.runs
    .map(
      (r) =>
        `${r.workers} worker(s): ${s(r.cycleMs)} to commit${r.status === 'done' ? '' : ` (${notRun(r)})`}, ${r.writeJobs ?? '?'} write jobs, CPU serve ${s(r.serveCpuMs)} + workers ${(r.workerCpuMs ?? []).map(s).join(' + ')}, simulator ${s(r.simCpuMs)}`,
    )
    .join('; ');
  const detail = `write chunk ${o.writeChunk}, ${o.concurrency} DataHub requests in flight a process; ${runs}`;
  if (!one?.cycleMs || !two?.cycleMs) return { target, holds: o.status === 'done' ? null : false, detail };
  const ratio = one.cycleMs / two.cycleMs;
  return { target, holds: ratio >= 1.6, detail: `${detail}; ratio ${ratio.toFixed(2)}×` };
}

function rssTarget(f: ServiceFigures): TargetVerdict {
  const r = f.rss;
  const target = 'Service, steady RSS: `janus serve` resident memory grows ≤ 10% from cycle 10 to cycle 100';
  if (r.status === 'skipped') return { target, holds: null, detail: notRun(r) };
  if (r.rssAt10Mb === undefined || r.rssAt100Mb === undefined)
    return { target, holds: false, detail: `${notRun(r)}; RSS at cycle 10: ${r.rssAt10Mb ?? '?'} MB` };
  const growth = (r.rssAt100Mb - r.rssAt10Mb) / r.rssAt10Mb;
  return {
    target,
    holds: growth <= 0.1,
    detail: `${r.catalog} catalog, every ${s(r.intervalMs)}: ${r.rssAt10Mb} MB after cycle 10, ${r.rssAt100Mb} MB after cycle 100 (${growth >= 0 ? '+' : ''}${(100 * growth).toFixed(1)}%)`,
  };
}

export function serviceTargets(f: ServiceFigures | undefined): TargetVerdict[] {
  if (!f) return [];
  return [unchangedTarget(f), changeTarget(f), scaleOutTarget(f), rssTarget(f)];
}
