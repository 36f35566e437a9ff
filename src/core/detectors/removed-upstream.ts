import { shortName } from '../names.js';
import { entityDetector } from './detector.js';

/** An upstream entity DataHub has soft-deleted (`status.removed`). It never folds. */
export const removedUpstream = entityDetector({
  name: 'removed_upstream',
  summary: 'an upstream entity DataHub has removed (soft-deleted) that the model still depends on',
  severity: 'high',
  weight: 20,
  needs: ['lineage', 'status'],
  travels: false,
  blastRadius: 'downstream',
  incident: { type: 'OPERATIONAL' },
  findings(_g, n) {
    if (!n.removed) return [];
    return [
      {
        entity: n.urn,
        key: `removed_upstream:${n.urn}`,
        message: `${n.name} has been removed from DataHub but the model still depends on it.`,
        evidence: {},
      },
    ];
  },
  phrasing: {
    trouble: 'Removed upstream',
    sentence: (f) => `${shortName(f.entity)} was removed from DataHub, yet the model still reads it.`,
    title: (_f, dataset) => `${shortName(dataset)} was removed but ML models still depend on it`,
    cleared: (dataset) => `${shortName(dataset)} is back or no longer upstream`,
    report: (f) => ({ facts: [['Entity', { entity: f.entity }]] }),
    picture: (f) => [{ trouble: f.entity, tag: 'removed' }],
    advice: (f) => [
      `${shortName(f.entity)} was removed from DataHub: migrate the model to its replacement and retrain.`,
      'If the removal was a mistake, restore the entity in DataHub.',
    ],
  },
});
