import { entityDetector } from '../../../src/core/detectors/detector.js';
import { shortName } from '../../../src/core/names.js';

/**
 * A detector that exists only in the tests: registered through the same list as Janus's own (registration.test.ts
 * swaps the registry module for one with it appended), to prove the registration alone reaches every surface.
 */
export const piiUpstream = entityDetector({
  name: 'pii_upstream',
  summary: 'an upstream dataset with a column labelled pii',
  severity: 'low',
  weight: 7,
  needs: ['lineage', 'schema'],
  travels: false,
  blastRadius: 'downstream',
  incident: { type: 'CUSTOM', customType: 'JANUS_PII' },
  findings(_g, n) {
    const columns = n.columns.filter((c) => c.labels.includes('pii')).map((c) => c.urn);
    if (n.kind !== 'dataset' || !columns.length) return [];
    return [
      { entity: n.urn, key: `pii_upstream:${n.urn}`, message: `${n.name} holds personal data.`, evidence: { columns } },
    ];
  },
  phrasing: {
    trouble: 'Personal data',
    sentence: (f) => `${shortName(f.entity)} holds personal data, and the model learns from it.`,
    title: (_f, dataset) => `${shortName(dataset)} holds personal data that ML models read`,
    details: (f) => [`PII columns: ${(f.evidence.columns as string[]).join(', ')}`],
    cleared: (dataset) => `${shortName(dataset)} no longer holds a pii column`,
    report: (f) => ({ facts: [['PII columns', { entities: f.evidence.columns }]] }),
    picture: (f) => [{ trouble: f.entity, tag: 'personal data' }],
    advice: (f) => [`Drop or mask the pii columns of ${shortName(f.entity)} before training.`],
  },
});
