import type { Acceptance } from '../core/acceptance/acceptance.js';
import { acceptanceStandings, sameAcceptance, type AcceptanceStanding } from '../core/acceptance/standing.js';
import { acceptancesOf } from '../core/acceptance/stored.js';
import { shortName } from '../core/names.js';
import { readDownstreamModels } from '../datahub/read-downstream.js';
import type { EntityRef } from '../datahub/resolve-entity.js';
import { judgeModel, type JudgeDeps } from './judge-model.js';

/** One acceptance a model or a dataset holds, or covers a model from a dataset above it (`janus accepted`). */
export interface AcceptanceRow extends AcceptanceStanding {
  /** The model it covers, when listed for a model. */
  model?: string;
  /** The dataset holding it, when it is held on one (for every model below it). */
  dataset?: string;
}

const now = (deps: JudgeDeps) => deps.policy.asOf ?? (deps.now ?? Date.now)();

/** Every acceptance covering the model (its own and its datasets'), with its standing: judged now. */
async function modelRows(deps: JudgeDeps, ref: string): Promise<AcceptanceRow[]> {
  const { verdict: v, graph } = await judgeModel(deps, ref);
  const stored = acceptancesOf(graph.nodes[graph.model]?.structuredProperties ?? {});
  return acceptanceStandings(v, stored, now(deps)).map((s) => ({
    model: v.model.name,
    ...(s.acceptance.on ? { dataset: shortName(s.acceptance.on) } : {}),
    ...s,
  }));
}

/** Every acceptance a dataset holds, its standing judged on the models below it (until each has found its finding). */
async function datasetRows(deps: JudgeDeps, dataset: EntityRef): Promise<AcceptanceRow[]> {
  const below = (await readDownstreamModels(deps.client, [dataset.urn]))[dataset.urn] ?? [];
  let held: Acceptance[] | undefined;
  const found = new Map<Acceptance, AcceptanceStanding>();
  for (const m of below) {
    const { verdict, graph } = await judgeModel(deps, m.urn);
    const node = graph.nodes[dataset.urn];
    held ??= node ? acceptancesOf(node.structuredProperties, dataset.urn) : undefined;
    const standings = acceptanceStandings(verdict, [], now(deps));
    for (const a of held ?? []) {
      const s = found.has(a) ? undefined : standings.find((x) => sameAcceptance(x.acceptance, a));
      if (s) found.set(a, s);
    }
    if (held && found.size === held.length) break;
  }
  return (held ?? []).map((a) => ({
    dataset: dataset.name,
    ...(found.get(a) ?? acceptanceStandings({}, [a], now(deps))[0]!),
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
