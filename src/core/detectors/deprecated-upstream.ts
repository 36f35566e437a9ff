import { shortName } from '../names.js';
import { entityDetector } from './detector.js';

/** An upstream entity DataHub marks deprecated (`deprecation.deprecated`). It stays where it is: it never folds. */
export const deprecatedUpstream = entityDetector({
  name: 'deprecated_upstream',
  summary: 'an upstream entity DataHub marks deprecated',
  severity: 'medium',
  weight: 10,
  needs: ['lineage', 'deprecation'],
  travels: false,
  blastRadius: 'downstream',
  incident: { type: 'OPERATIONAL' },
  findings(_g, n) {
    if (!n.deprecated) return [];
    const note = n.deprecated.note ? ` (${n.deprecated.note})` : '';
    return [
      {
        entity: n.urn,
        key: `deprecated_upstream:${n.urn}`,
        message: `${n.name} is deprecated${note}.`,
        evidence: { note: n.deprecated.note ?? null },
      },
    ];
  },
  phrasing: {
    trouble: 'Deprecated upstream',
    sentence: (f) =>
      `${shortName(f.entity)} is deprecated${f.evidence.note ? ` (${String(f.evidence.note)})` : ''}, yet still upstream.`,
    title: (_f, dataset) => `${shortName(dataset)} is deprecated but ML models still depend on it`,
    cleared: (dataset) => `${shortName(dataset)} is no longer deprecated or no longer upstream`,
    report: (f) => ({
      facts: [
        ['Entity', { entity: f.entity }],
        ['Note', f.evidence.note ? { text: f.evidence.note } : { muted: 'none' }],
      ],
    }),
    picture: (f) => [{ trouble: f.entity, tag: 'deprecated' }],
    advice(f) {
      const name = shortName(f.entity);
      const note = f.evidence.note;
      return [
        `Migrate off ${name}${note ? ` (its deprecation note: ${String(note)})` : ''} to its replacement, then retrain.`,
        `If ${name} is still the right source, ask its owner to lift the deprecation in DataHub.`,
      ];
    },
  },
});
