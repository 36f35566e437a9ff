import type { Acceptance } from '../core/acceptance/acceptance.js';
import { acceptancesOf } from '../core/acceptance/stored.js';
import { judgeModel, type JudgeDeps } from './judge-model.js';

/** One acceptance a model holds, and where it stands now (`janus accepted`). */
export interface AcceptanceRow {
  model: string;
  acceptance: Acceptance;
  /** `active`: its finding is out of the score; `lapsed`: it ended or the finding grew; `clear`: no such finding now. */
  status: 'active' | 'lapsed' | 'clear';
  lapse?: string;
}

/** Every acceptance the models hold in DataHub (and the caller's, as the gate's file), with its standing: judged now. */
export async function listAccepted(deps: JudgeDeps, models: string[]): Promise<AcceptanceRow[]> {
  const rows: AcceptanceRow[] = [];
  for (const ref of models) {
    const { verdict: v, graph } = await judgeModel(deps, ref);
    const stored = acceptancesOf(graph.nodes[graph.model]?.structuredProperties ?? {});
    const seen = new Set<Acceptance>();
    for (const a of v.accepted ?? []) {
      seen.add(a.acceptance);
      rows.push({ model: v.model.name, acceptance: a.acceptance, status: 'active' });
    }
    for (const l of v.lapsed ?? []) {
      seen.add(l.acceptance);
      rows.push({ model: v.model.name, acceptance: l.acceptance, status: 'lapsed', lapse: l.lapse });
    }
    const now = deps.policy.asOf ?? (deps.now ?? Date.now)();
    for (const a of stored)
      if (![...seen].some((s) => s.key === a.key && s.until === a.until && s.by === a.by))
        rows.push({
          model: v.model.name,
          acceptance: a,
          ...(Date.parse(a.until) > now
            ? { status: 'clear' as const }
            : { status: 'lapsed' as const, lapse: `expired on ${a.until.slice(0, 10)}` }),
        });
  }
  return rows;
}
