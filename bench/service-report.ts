/** The `service` section of results.md: every measured cycle, the changes' latencies, the scale-out runs, memory. */
import { table } from './markdown-table.js';
import type { CycleCost, ServiceFigures } from './service-figures.js';

const n = (v: number | undefined) => (v === undefined ? '–' : v.toLocaleString('en-US'));
const sec = (ms: number | undefined) =>
  ms === undefined ? '–' : ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
const ended = (f: { status: string; reason?: string }) =>
  f.status === 'done' ? 'done' : `**${f.status}**${f.reason ? `: ${f.reason}` : ''}`;

const cycleRow = (what: string) => (c: CycleCost) => [
  what,
  c.full ? 'full' : 'incremental',
  n(c.judged),
  sec(c.cycleMs),
  sec(c.cpuMs),
  sec(c.simCpuMs),
  n(c.requests),
  n(c.responseBytes),
  n(c.mutations),
  n(c.transitions),
  c.rssMb === undefined ? '–' : `${c.rssMb} MB`,
];

export function serviceMarkdown(f: ServiceFigures): string {
  if (f.status === 'skipped')
    return ['## Service: `janus serve` and `janus worker` on Redis', '', `Not run: ${f.reason ?? ''}`].join('\n');
  const u = f.unchanged;
  const dry = u.dryRun;
  const o = f.scaleOut;
  const c = f.change;
  return [
    '## Service: `janus serve` and `janus worker` on Redis',
    '',
    `The ${f.catalog} catalog on the simulator process (its CPU is not Janus's); \`janus serve\` (and \`janus worker\`) as processes judging at the catalog's own date (\`JANUS_AS_OF\`; the scale-out runs at the clock's), cycles every ${sec(u.intervalMs)}, no full refresh (\`JANUS_CYCLE_REFRESH\` 1000h), each run under a Redis key prefix of its own, deleted after. ` +
      "A cycle's CPU is the `janus serve` process's (/proc utime + stime) from the commit before it to its own; requests, response bytes (GraphQL answers' bodies) and mutations are the simulator's counters over the same span." +
      (f.load
        ? ` Load average (1 / 5 / 15 min) at the start ${f.load.start.join(' / ')}, at the end ${f.load.end.join(' / ')}.`
        : ''),
    '',
    `### Cycles (${ended(u)})`,
    '',
    dry
      ? `A full read and judgment to compare with, \`janus scan --all --dry-run\` at the own date on the fresh simulator: CPU ${sec(dry.cpuMs)}, ${sec(dry.wallMs)}, ${n(dry.requests)} requests, ${n(dry.responseBytes)} B.`
      : 'No `janus scan --all --dry-run` figure to compare with.',
    '',
    table(
      [
        'cycle',
        'kind',
        'models judged',
        'start → commit',
        'Janus CPU',
        'simulator CPU',
        'requests',
        'response bytes',
        'mutations',
        'transitions',
        'RSS',
      ],
      [
        ...(u.first ? [cycleRow('first (read, judge, write-back)')(u.first)] : []),
        ...u.settling.map(cycleRow('after the write-back, still judging')),
        ...u.cycles.map(cycleRow('unchanged')),
      ],
    ),
    '',
    `### Change to transition (${ended(c)})`,
    '',
    `A new run of \`${c.job ?? '?'}\` (read by ${n(c.models)} models) ingested through \`POST /aspects?action=ingestProposal\`, failing, then succeeding, in turn; from the ingest's answer to the transition's job in the notifications queue (its BullMQ timestamp), then one more cycle to count what the change caused.`,
    '',
    table(
      ['change', 'run', 'answer → transition queued', 'transitions'],
      c.latenciesMs.map((ms, i) => [
        String(i + 1),
        i % 2 ? 'SUCCESS (fix)' : 'FAILURE',
        sec(ms),
        n(c.transitionsPerChange[i]),
      ]),
    ),
    '',
    `p50 ${sec(c.p50Ms)}, p95 ${sec(c.p95Ms)}.`,
    '',
    `### Scale-out: the first cycle with 1 and 2 workers (${ended(o)})`,
    '',
    `The ${o.catalog ?? '?'} catalog, a fresh simulator each: \`janus serve --no-workers\` and N \`janus worker\` processes, write chunk ${o.writeChunk}, ${o.concurrency} DataHub requests in flight a process. The cycle's own judging runs in one worker; its write jobs spread over all.`,
    '',
    table(
      ['workers', 'status', 'start → commit', 'write jobs', 'mutations', 'serve CPU', "workers' CPU", 'simulator CPU'],
      o.runs.map((r) => [
        String(r.workers),
        ended(r),
        sec(r.cycleMs),
        n(r.writeJobs),
        n(r.mutations),
        sec(r.serveCpuMs),
        (r.workerCpuMs ?? []).map(sec).join(' + '),
        sec(r.simCpuMs),
      ]),
    ),
    '',
    `### Steady memory (${ended(f.rss)})`,
    '',
    `\`janus serve\` VmRSS on the ${f.rss.catalog} catalog after cycle 10: ${f.rss.rssAt10Mb ?? '–'} MB; after cycle 100: ${f.rss.rssAt100Mb ?? '–'} MB (${f.rss.cycles} cycles committed, the change row's among them).`,
  ].join('\n');
}
