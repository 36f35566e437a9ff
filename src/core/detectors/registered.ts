import type { Policy } from '../finding.js';
import type { Detector, EntityDetector, ModelDetector, ProducerRule } from './detector.js';
import { DETECTORS } from './registry.js';

/** What the rest of Janus reads of the registry (registry.ts): derived from the one list, never written to. */

/** A registration that could not work is a programming error: found when the module loads, in any test. */
function checked(list: readonly Detector[]): readonly Detector[] {
  const names = new Set<string>();
  for (const d of list) {
    // finding keys are `<name>:<urn>`, and the name is a config key
    if (!/^[a-z][a-z0-9_]*$/.test(d.name)) throw new Error(`detector name "${d.name}": use lower_snake_case`);
    if (names.has(d.name)) throw new Error(`detector ${d.name} is registered twice`);
    names.add(d.name);
    if (d.scope === 'entity' && d.producers && !d.travels)
      throw new Error(`detector ${d.name}: a producer rule's trouble travels downstream, so the detector must too`);
  }
  return list;
}
checked(DETECTORS);

export const DETECTOR_NAMES: readonly string[] = Object.freeze(DETECTORS.map((d) => d.name));

const BY_NAME: Readonly<Record<string, Detector>> = Object.freeze(
  Object.assign(Object.create(null) as Record<string, Detector>, Object.fromEntries(DETECTORS.map((d) => [d.name, d]))),
);

/** The registered detector of that name (a finding key's first part, a config key), if any. */
export const detectorNamed = (name: string): Detector | undefined => BY_NAME[name];

/** Detectors whose rule reads one upstream entity, in registry order. */
export const ENTITY_DETECTORS: readonly EntityDetector[] = DETECTORS.filter(
  (d): d is EntityDetector => d.scope === 'entity',
);

/** Detectors whose rule reads one model's graph, in registry order. */
export const MODEL_DETECTORS: readonly ModelDetector[] = DETECTORS.filter(
  (d): d is ModelDetector => d.scope === 'model',
);

/** Entity detectors with a rule on the jobs producing a dataset. */
export const PRODUCER_DETECTORS: readonly (EntityDetector & { producers: ProducerRule })[] = ENTITY_DETECTORS.filter(
  (d): d is EntityDetector & { producers: ProducerRule } => d.producers !== undefined,
);

/** Every detector's default severity and weight: the product's policy, each one configurable. */
export const DEFAULT_POLICY: Readonly<Policy> = Object.freeze(
  Object.fromEntries(DETECTORS.map((d) => [d.name, { severity: d.severity, weight: d.weight }])),
);

/** Whether a finding of this detector is trouble for every model downstream of its entity (false for a leak, or unknown). */
export const hurtsDownstream = (name: string): boolean => detectorNamed(name)?.blastRadius === 'downstream';

/** Whether a finding of this detector concerns only the models that have it (a leak): it clears model by model. */
export const hurtsOnlyItsModel = (name: string): boolean => detectorNamed(name)?.blastRadius === 'model';
