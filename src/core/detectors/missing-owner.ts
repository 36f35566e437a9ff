import { shortName } from '../names.js';
import { modelDetector } from './detector.js';
import { urnsIn } from './prose.js';

/** The model, or one of its first-hop inputs (features, feature tables, training data), with no owner still here. */
export const missingOwner = modelDetector({
  name: 'missing_owner',
  summary: 'the model or a first-hop input (feature, feature table, training data) with no owner who is still here',
  severity: 'low',
  weight: 10,
  needs: ['owners', 'features'],
  blastRadius: 'downstream',
  incident: { type: 'CUSTOM', customType: 'JANUS_MISSING_OWNER' },
  findings(g) {
    const subjects = [g.model, ...g.features, ...g.featureTables, ...g.trainingData];
    const findings = [];
    for (const urn of [...new Set(subjects)]) {
      const n = g.nodes[urn];
      if (!n) continue;
      const present = n.owners.filter((o) => !o.departed);
      if (present.length) continue;
      const departed = n.owners.filter((o) => o.departed).map((o) => o.name);
      findings.push({
        entity: urn,
        key: `missing_owner:${urn}`,
        message: departed.length
          ? `${n.name} is owned only by people who have left: ${departed.join(', ')}.`
          : `${n.name} has no owner.`,
        evidence: { departedOwners: n.owners.filter((o) => o.departed).map((o) => o.urn) },
      });
    }
    return findings;
  },
  phrasing: {
    trouble: 'No owner',
    sentence(f) {
      const departed = (f.evidence.departedOwners as string[]).map(shortName);
      return departed.length
        ? `Nobody answers for ${shortName(f.entity)}: ${departed.join(', ')} ${departed.length > 1 ? 'have' : 'has'} left.`
        : `Nobody answers for ${shortName(f.entity)}: it has no owner.`;
    },
    title: (_f, dataset) => `${shortName(dataset)} has no owner who is still here`,
    cleared: (dataset) => `${shortName(dataset)} has an owner again`,
    report: (f) => ({
      facts: [
        ['Entity', { entity: f.entity }],
        ['Owners who left', { entities: f.evidence.departedOwners, none: 'none: it never had an owner' }],
      ],
    }),
    picture: (f) => [
      {
        trouble: f.entity,
        tag: Array.isArray(f.evidence.departedOwners) && f.evidence.departedOwners.length ? 'owners left' : 'no owner',
      },
    ],
    advice(f) {
      const name = shortName(f.entity);
      const departed = urnsIn(f.evidence.departedOwners).map(shortName);
      return [
        `Claim ${name}: add an owner in DataHub, a person or team still here, who answers when it breaks.`,
        ...(departed.length ? [`Remove the owners who have left (${departed.join(', ')}).`] : []),
      ];
    },
  },
});
