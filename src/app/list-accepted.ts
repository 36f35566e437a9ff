import { acceptanceStandings, type AcceptanceStanding } from '../core/acceptance/standing.js';
import { acceptancesOf } from '../core/acceptance/stored.js';
import { judgeModel, type JudgeDeps } from './judge-model.js';

/** One acceptance a model holds, and where it stands now (`janus accepted`). */
export interface AcceptanceRow extends AcceptanceStanding {
  model: string;
}

/** Every acceptance the models hold in DataHub, with its standing: judged now (`judge.asOf` moves the clock). */
export async function listAccepted(deps: JudgeDeps, models: string[]): Promise<AcceptanceRow[]> {
  const rows: AcceptanceRow[] = [];
  const now = deps.policy.asOf ?? (deps.now ?? Date.now)();
  for (const ref of models) {
    const { verdict: v, graph } = await judgeModel(deps, ref);
    const stored = acceptancesOf(graph.nodes[graph.model]?.structuredProperties ?? {});
    for (const s of acceptanceStandings(v, stored, now)) rows.push({ model: v.model.name, ...s });
  }
  return rows;
}
