import type { Acceptance } from '../core/acceptance/acceptance.js';
import { acceptancesOf } from '../core/acceptance/stored.js';
import { shortName } from '../core/names.js';
import type { Verdict } from '../core/verdict.js';
import { readDownstreamModels } from '../datahub/read-downstream.js';
import type { EntityRef } from '../datahub/resolve-entity.js';
import { judgeModel, type JudgeDeps } from './judge-model.js';

/** One acceptance a model or a dataset holds, or covers a model from a dataset above it (`janus accepted`). */
export interface AcceptanceRow {
  /** The model it covers, when listed for a model. */
  model?: string;
  /** The dataset holding it, when it is held on one (for every model below it). */
  dataset?: string;
  acceptance: Acceptance;
  /** `active`: its finding is out of the score; `lapsed`: it ended or the finding grew; `clear`: no such finding now. */
  status: 'active' | 'lapsed' | 'clear';
  lapse?: string;
}

const now = (deps: JudgeDeps) => deps.policy.asOf ?? (deps.now ?? Date.now)();

/** An acceptance no verdict has a finding for: clear while it lasts, else lapsed by its end. */
const unmatched = (a: Acceptance, at: number): Pick<AcceptanceRow, 'status' | 'lapse'> =>
  Date.parse(a.until) > at ? { status: 'clear' } : { status: 'lapsed', lapse: `expired on ${a.until.slice(0, 10)}` };

/** How a verdict stands with an acceptance: active or lapsed when it has its finding, else undefined. */
function standing(v: Verdict, a: Acceptance): Pick<AcceptanceRow, 'status' | 'lapse'> | undefined {
  const same = (s: Acceptance) => s.key === a.key && s.until === a.until && s.by === a.by && s.on === a.on;
  if ((v.accepted ?? []).some((x) => same(x.acceptance))) return { status: 'active' };
  const l = (v.lapsed ?? []).find((x) => same(x.acceptance));
  return l ? { status: 'lapsed', lapse: l.lapse } : undefined;
}

/** Every acceptance covering the models (their own and their datasets'), with its standing: judged now. */
async function modelRows(deps: JudgeDeps, ref: string): Promise<AcceptanceRow[]> {
  const { verdict: v, graph } = await judgeModel(deps, ref);
  const rows: AcceptanceRow[] = [];
  const row = (a: Acceptance, s: Pick<AcceptanceRow, 'status' | 'lapse'>): AcceptanceRow => ({
    model: v.model.name,
    ...(a.on ? { dataset: shortName(a.on) } : {}),
    acceptance: a,
    ...s,
  });
  for (const a of v.accepted ?? []) rows.push(row(a.acceptance, { status: 'active' }));
  for (const l of v.lapsed ?? []) rows.push(row(l.acceptance, { status: 'lapsed', lapse: l.lapse }));
  for (const a of acceptancesOf(graph.nodes[graph.model]?.structuredProperties ?? {}))
    if (!standing(v, a)) rows.push(row(a, unmatched(a, now(deps))));
  return rows;
}

/** Every acceptance a dataset holds, its standing judged on the models below it (until each has found its finding). */
async function datasetRows(deps: JudgeDeps, dataset: EntityRef): Promise<AcceptanceRow[]> {
  const below = (await readDownstreamModels(deps.client, [dataset.urn]))[dataset.urn] ?? [];
  let held: Acceptance[] | undefined;
  const found = new Map<Acceptance, Pick<AcceptanceRow, 'status' | 'lapse'>>();
  for (const m of below) {
    const { verdict, graph } = await judgeModel(deps, m.urn);
    const node = graph.nodes[dataset.urn];
    held ??= node ? acceptancesOf(node.structuredProperties, dataset.urn) : undefined;
    for (const a of held ?? []) {
      const s = found.has(a) ? undefined : standing(verdict, a);
      if (s) found.set(a, s);
    }
    if (held && found.size === held.length) break;
  }
  return (held ?? []).map((a) => ({
    dataset: dataset.name,
    acceptance: a,
    ...(found.get(a) ?? unmatched(a, now(deps))),
  }));
}

/**
 * Every acceptance the models and datasets hold in DataHub, or that covers the models from a dataset, with its standing
 * now. A string is a model (urn or name).
 */
export async function listAccepted(deps: JudgeDeps, refs: (string | EntityRef)[]): Promise<AcceptanceRow[]> {
  const rows: AcceptanceRow[] = [];
  for (const ref of refs)
    rows.push(
      ...(typeof ref === 'string'
        ? await modelRows(deps, ref)
        : ref.kind === 'dataset'
          ? await datasetRows(deps, ref)
          : await modelRows(deps, ref.urn)),
    );
  return rows;
}
