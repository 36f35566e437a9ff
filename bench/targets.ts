/** The issue's targets, judged from a run's figures: which hold, which do not, and the figures that say so. */
import type { CatalogFigures, JanusFigures, OneModelRow, Results, SlackFigures, SlackPathFigures, TargetVerdict } from './figures.js';
import { batchedWriteLowerBound, JANUS_WRITE_BATCH } from './lower-bound.js';

const ratio = (a: number, b: number) => (b ? a / b : Infinity);
const n = (v: number) => v.toLocaleString('en-US');
const x = (r: number) => `${r >= 10 ? n(Math.round(r)) : r.toFixed(2)}×`;
const s = (ms: number | undefined) => (ms === undefined ? '?' : `${(ms / 1000).toFixed(1)} s`);

function oneModelTarget(rows: OneModelRow[]): TargetVerdict {
  const target = 'One model: ≤ 3 requests at every depth; naive grows with depth';
  const series = rows.filter((r) => r.catalog.startsWith('depth-'));
  const used = series.length ? series : rows;
  if (!used.length) return { target, holds: null, detail: 'no one-model figures in this run' };
  const janus = used.map((r) => r.janus.requests ?? NaN);
  const naive = used.map((r) => r.naive.exactRequests);
  const grows = naive.every((n, i) => i === 0 || n > naive[i - 1]!);
  const within = janus.every((n) => n <= 3);
  const depths = used.map((r) => r.depth).join(', ');
  const detail =
    `Janus ${janus.map(n).join(', ')} requests at depths ${depths} (constant: ${new Set(janus).size === 1 ? 'yes' : 'no'}); ` +
    `naive ${naive.map(n).join(', ')}${used.length > 1 ? ` (${grows ? 'grows' : 'does not grow'} with depth)` : ''}. ` +
    (within ? '' : `Over 3: ${describeOps(used[used.length - 1]!.janus)}.`);
  return { target, holds: within && (used.length < 2 || grows), detail };
}

const describeOps = (j: JanusFigures) => Object.entries(j.byOperation ?? {}).map(([op, n]) => `${op} ${n}`).join(', ');

function mediumTargets(c: CatalogFigures | undefined): TargetVerdict[] {
  const names = ['Medium catalog: requests ≤ 1.2 × the lower bound', 'Medium catalog: ≥ 20 × fewer requests than the naive walk', 'Medium catalog: wall time ≤ 15 s at 20 ms RTT'];
  if (!c) return names.map((target) => ({ target, holds: null, detail: 'the medium catalog is not part of this run' }));
  const d = c.dryRun;
  const req = d.requests ?? NaN;
  const finished = d.status === 'done';
  const partial = finished ? '' : ` (${d.status}: ${d.reason ?? ''}; requests so far)`;
  const vsNeeded = ratio(req, c.lowerBound.needed.requests);
  const naive = c.naive ? ratio(c.naive.exactRequests, req) : NaN;
  return [
    {
      target: names[0]!,
      // Requests only grow: a stopped scan already over the bound misses it.
      holds: finished ? vsNeeded <= 1.2 : vsNeeded > 1.2 ? false : null,
      detail:
        `${n(req)} requests${partial} vs ${n(c.lowerBound.needed.requests)} for the ${n(c.needed)} entities the catalog's models need (${x(vsNeeded)})` +
        (c.catalogRead?.requests ? `; the catalog read alone: ${n(c.catalogRead.requests)} requests, ${n(c.catalogRead.entities ?? 0)} entities` : ''),
    },
    {
      target: names[1]!,
      holds: c.naive ? naive >= 20 : null,
      detail: c.naive ? `naive ${n(c.naive.exactRequests)} requests${c.naive.estimate ? ` (${c.naive.estimate})` : ''} vs Janus ${n(req)}: ${x(naive)} fewer` : 'no naive figure',
    },
    {
      target: names[2]!,
      holds: finished ? (d.ms ?? Infinity) <= 15_000 : false,
      detail: finished
        ? `${s(d.ms)} (first verdict at ${s(d.readMs)}; CPU: Janus ${s(d.cpuMs)}, simulator ${s(d.simCpuMs)})`
        : `did not finish: the first verdict came at ${s(d.readMs)} (the catalog read), then ${d.judged ?? 0} of ${c.spec.models} models judged before the ${s(d.wallMs)} budget ran out ` +
          `(CPU: Janus ${s(d.cpuMs)}, simulator ${s(d.simCpuMs)}); projected ${s(d.projectedMs)} for the judging alone` +
          (c.catalogRead?.status === 'done' ? `; the catalog read alone takes ${s(c.catalogRead.ms)} (simulator CPU ${s(c.catalogRead.simCpuMs)})` : ''),
    },
  ];
}

function rescanTarget(catalogs: CatalogFigures[]): TargetVerdict {
  const target = 'Unchanged rescan: 0 mutations, and fewer read requests than the first scan';
  const done = catalogs.filter((c) => c.rescan.status === 'done' && c.writeBack.status === 'done');
  const pending = catalogs.find((c) => c.writeBack.status === 'pending');
  if (!done.length) return { target, holds: null, detail: pending ? pending.writeBack.reason ?? 'pending' : 'no write-back in this run' };
  const holds = done.every((c) => c.rescan.mutations === 0 && (c.rescan.reads ?? Infinity) < (c.writeBack.reads ?? 0));
  const detail = done
    .map((c) => `${c.spec.name}: write-back ${c.writeBack.reads} reads + ${c.writeBack.mutationRequests} mutation requests (${c.writeBack.mutations} mutations); rescan ${c.rescan.reads} reads, ${c.rescan.mutations} mutations`)
    .join('; ');
  return { target, holds, detail };
}

/**
 * The medium catalog's first write-back: its write requests (the write-back's requests less the dry run's, which reads
 * the same: mutations and the re-reads before raising, reporting and linking) against the batched lower bound, and
 * its wall time.
 */
function writeBackTargets(c: CatalogFigures | undefined): TargetVerdict[] {
  const names = ['Medium write-back: write requests ≤ 1.5 × the batched lower bound', 'Medium write-back: first write-back ≤ 20 s at 20 ms RTT'];
  const w = c?.writeBack;
  if (!c || !w || w.status !== 'done' || !w.writes?.byKind) {
    const detail = !c ? 'the medium catalog is not part of this run' : w?.status === 'done' ? 'no writes by kind in this run' : (w?.reason ?? w?.status ?? 'no write-back');
    return names.map((target) => ({ target, holds: null, detail }));
  }
  const batch = w.writes.batch ?? JANUS_WRITE_BATCH;
  const bound = batchedWriteLowerBound(w.writes.byKind, batch);
  const writeRequests = (w.requests ?? NaN) - (c.dryRun.requests ?? NaN);
  const vsBound = ratio(writeRequests, bound);
  const mutationRequests = w.mutationRequests ?? NaN;
  return [
    {
      target: names[0]!,
      holds: Number.isFinite(writeRequests) ? vsBound <= 1.5 : null,
      detail:
        `${n(writeRequests)} write requests (${n(mutationRequests)} mutation requests, ${n(writeRequests - mutationRequests)} re-reads) for ${n(w.writes.planned)} writes ` +
        `vs Σ ⌈writes of a kind / ${batch}⌉ = ${n(bound)} (${x(vsBound)}); ${n(w.mutations ?? NaN)} mutations`,
    },
    {
      target: names[1]!,
      holds: (w.ms ?? Infinity) <= 20_000,
      detail: `${s(w.ms)} for ${n(w.requests ?? NaN)} requests (the dry run: ${s(c.dryRun.ms)}; CPU: Janus ${s(w.cpuMs)}, simulator ${s(w.simCpuMs)})`,
    },
  ];
}

function largeTarget(c: CatalogFigures | undefined): TargetVerdict {
  const target = 'Large catalog: completes with peak RSS under 512 MB';
  if (!c) return { target, holds: null, detail: 'the large catalog is not part of this run' };
  const d = c.dryRun;
  const rss = d.peakRssMb ?? NaN;
  const read = c.catalogRead?.status === 'done' ? `; the catalog read alone: ${c.catalogRead.peakRssMb} MB in ${s(c.catalogRead.ms)}` : '';
  if (d.status === 'done') return { target, holds: rss < 512, detail: `completed in ${s(d.ms)}, peak RSS ${rss} MB (${n(c.entities)} entities)${read}` };
  return {
    target, holds: false,
    detail: `did not complete within ${s(d.wallMs)} (${d.status}); peak RSS ${rss} MB by then, first verdict at ${d.readMs ? s(d.readMs) : 'none'}, ${d.judged ?? 0} models judged${read}`,
  };
}

const ms = (v: number | undefined) => (v === undefined ? '?' : `${n(v)} ms`);

/** Judged on the medium catalog's answers from the scan history: what `/janus trust` gives once scans run. */
function slackTarget(slack: SlackFigures): TargetVerdict {
  const target = '`/janus trust` through the Slack handler: p95 ≤ 1.5 s at 20 ms RTT (medium catalog)';
  const h = slack.history;
  if (!h || h.status !== 'done') return { target, holds: null, detail: h?.reason ?? slack.reason ?? '' };
  const path = (p: SlackPathFigures, how: string) =>
    `${how} (${p.catalog}): p50 ${ms(p.p50Ms)}, p95 ${ms(p.p95Ms)}, max ${ms(p.maxMs)} over ${p.requests} requests for ${p.models} models ` +
    `(${p.fromScan} answered from the scan, ${p.judgedNow} judged now; ${n(p.simRequests ?? 0)} DataHub requests)`;
  const live = slack.live?.status === 'done' ? `; ${path(slack.live, 'judged live')}` : '';
  const detail = `${path(h, 'from the scan history')}${live}`;
  if (h.catalog !== 'medium') return { target, holds: null, detail: `not the medium catalog: ${detail}` };
  return { target, holds: (h.p95Ms ?? Infinity) <= 1500 && h.judgedNow === 0, detail };
}

export function judgeTargets(r: Pick<Results, 'oneModel' | 'catalogs' | 'slack'>): TargetVerdict[] {
  const byName = (n: string) => r.catalogs.find((c) => c.spec.name === n);
  return [
    oneModelTarget(r.oneModel),
    ...mediumTargets(byName('medium')),
    rescanTarget(r.catalogs),
    ...writeBackTargets(byName('medium')),
    largeTarget(byName('large')),
    slackTarget(r.slack),
  ];
}
