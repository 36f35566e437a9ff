import type { FindingChange, ModelChanges } from '../core/verdict-changes.js';
import { changesNothing } from '../core/verdict-changes.js';
import { changeSentences } from '../core/verdict-changes-words.js';

const findingJson = ({ finding: f, blocking }: FindingChange) => ({
  key: f.key,
  detector: f.detector,
  severity: f.severity,
  entity: f.entity,
  message: f.message,
  blocking,
});

/** The gate's `changes` (docs/json-output.md): what the proposed lineage does to each model. Field order is the contract. */
export const changesJson = (changes: ModelChanges[]) =>
  changes.map((c) => ({
    model: { urn: c.model.urn, name: c.model.name },
    changesNothing: changesNothing(c),
    introduced: c.introduced.map(findingJson),
    removed: c.removed.map(findingJson),
    changed: c.changed.map(findingJson),
    score: c.score,
    band: c.band,
    blocked: c.blocked,
    summary: changeSentences(c),
  }));
