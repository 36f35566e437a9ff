/**
 * Questions about a catalog asked of its raw records (no simulator involved), for the demo tests:
 * SLAs and ages, owners, run results, column ancestry and table-level upstream closure.
 */
import type { RecordIndex } from '../../src/demo/inspect.js';
import { parseSchemaFieldUrn } from '../../src/urn.js';

type Json = Record<string, unknown>;

/** `PT6H`, `P3D`, `P1DT12H`, `PT30M` → milliseconds. */
export function isoDurationMs(iso: string): number {
  const m = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(iso);
  if (!m) throw new Error(`not an ISO-8601 duration: ${iso}`);
  const [d, h, min, s] = m.slice(1).map((v) => Number(v ?? 0)) as [number, number, number, number];
  return (((d * 24 + h) * 60 + min) * 60 + s) * 1000;
}

const UNIT_MS: Record<string, number> = { MINUTE: 60_000, HOUR: 3_600_000, DAY: 86_400_000 };

export function check(idx: RecordIndex, now: number) {
  const propertySlaOf = (d: string): number | undefined => {
    const sla = (idx.aspect(d, 'datasetProperties')?.customProperties as Record<string, string> | undefined)
      ?.freshness_sla;
    return sla ? isoDurationMs(sla) : undefined;
  };
  const assertionSlaOf = (d: string): number | undefined => {
    for (const a of idx.urns('assertion')) {
      const f = idx.aspect(a, 'assertionInfo')?.freshnessAssertion as
        { entity: string; schedule: { type: string; fixedInterval?: { unit: string; multiple?: number } } } | undefined;
      if (f?.entity === d && f.schedule.type === 'FIXED_INTERVAL' && f.schedule.fixedInterval) {
        return UNIT_MS[f.schedule.fixedInterval.unit]! * (f.schedule.fixedInterval.multiple ?? 1);
      }
    }
    return undefined;
  };
  const columnParents = (field: string): string[] => {
    const parent = parseSchemaFieldUrn(field)?.parent ?? '';
    const fgl = (idx.aspect(parent, 'upstreamLineage')?.fineGrainedLineages ?? []) as Array<{
      upstreams?: string[];
      downstreams?: string[];
    }>;
    return fgl.filter((l) => l.downstreams?.includes(field)).flatMap((l) => l.upstreams ?? []);
  };
  /** Every column upstream of `field`, with its hop count (shortest). */
  const columnAncestors = (field: string): Map<string, number> => {
    const seen = new Map<string, number>();
    let frontier = [field];
    for (let hop = 1; frontier.length; hop++) {
      frontier = frontier.flatMap(columnParents).filter((f) => !seen.has(f));
      for (const f of frontier) seen.set(f, hop);
    }
    return seen;
  };
  const modelProps = (m: string) => idx.aspect(m, 'mlModelProperties') ?? {};
  const labelOf = (m: string): string => (modelProps(m).customProperties as Record<string, string>).label!;
  const trainingSetsOf = (m: string): string[] =>
    ((idx.aspect(m, 'mlModelTrainingData')?.trainingData ?? []) as Array<{ dataset: string }>).map((t) => t.dataset);
  const columnsOf = (d: string): string[] =>
    ((idx.aspect(d, 'schemaMetadata')?.fields ?? []) as Array<{ fieldPath: string }>).map((f) => f.fieldPath);
  const featureColumn = (feature: string): string => {
    const source = (idx.aspect(feature, 'mlFeatureProperties')!.sources as string[])[0]!;
    return `urn:li:schemaField:(${source},${feature.slice(feature.lastIndexOf(',') + 1, -1)})`;
  };
  // every run grouped by its job once, on first use (a scan of every run per job was quadratic)
  let runsByJob: Map<unknown, string[]> | undefined;
  const runsOf = (job: string): string[] => {
    if (!runsByJob) {
      runsByJob = new Map();
      for (const r of idx.urns('dataProcessInstance')) {
        const parent = idx.aspect(r, 'dataProcessInstanceRelationships')?.parentTemplate;
        const list = runsByJob.get(parent);
        if (list) list.push(r);
        else runsByJob.set(parent, [r]);
      }
    }
    return [...(runsByJob.get(job) ?? [])].sort((a, b) => created(b) - created(a));
  };
  const created = (run: string) => Number((idx.aspect(run, 'dataProcessInstanceProperties')!.created as Json).time);
  const producersOf = (d: string): string[] =>
    idx
      .urns('dataJob')
      .filter((j) => (idx.aspect(j, 'dataJobInputOutput')?.outputDatasets as string[] | undefined)?.includes(d));

  return {
    propertySlaOf,
    slaOf: (d: string) => propertySlaOf(d) ?? assertionSlaOf(d),
    /** Time since the newest data change reported by an `operation`. */
    ageOf: (d: string): number =>
      now - Math.max(...idx.timeseries(d, 'operation').map((o) => Number(o.lastUpdatedTimestamp))),
    ownersOf: (e: string): string[] =>
      ((idx.aspect(e, 'ownership')?.owners ?? []) as Array<{ owner: string }>).map((o) => o.owner),
    columnParents,
    columnAncestors,
    labelOf,
    trainingSetsOf,
    columnsOf,
    /** Features of `m` whose column shares an ancestor column with the model's label column. */
    leakyFeatures: (m: string): string[] => {
      const label = `urn:li:schemaField:(${trainingSetsOf(m)[0]},${labelOf(m)})`;
      const labelSources = new Set(columnAncestors(label).keys());
      return (modelProps(m).mlFeatures as string[]).filter((f) =>
        [...columnAncestors(featureColumn(f)).keys()].some((col) => labelSources.has(col)),
      );
    },
    runsOf,
    /** Result of each run of `job`, newest first. */
    runResults: (job: string): string[] =>
      runsOf(job).map(
        (r) =>
          (idx.timeseries(r, 'dataProcessInstanceRunEvent').find((e) => e.status === 'COMPLETE')?.result as Json)
            .type as string,
      ),
    /** Datasets and jobs upstream of a model through lineage edges (features, training jobs, producers). */
    upstreamOf: (m: string): string[] => {
      const seen = new Set<string>();
      const props = modelProps(m);
      const stack = [
        ...((props.mlFeatures ?? []) as string[]).flatMap(
          (f) => idx.aspect(f, 'mlFeatureProperties')!.sources as string[],
        ),
        ...((props.trainingJobs ?? []) as string[]),
      ];
      while (stack.length) {
        const u = stack.pop()!;
        if (seen.has(u)) continue;
        seen.add(u);
        if (u.startsWith('urn:li:dataJob:'))
          stack.push(...(idx.aspect(u, 'dataJobInputOutput')!.inputDatasets as string[]));
        else {
          const ups = (idx.aspect(u, 'upstreamLineage')?.upstreams ?? []) as Array<{ dataset: string }>;
          stack.push(...ups.map((x) => x.dataset), ...producersOf(u));
        }
      }
      return [...seen];
    },
  };
}
