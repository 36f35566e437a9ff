import { asObject, strings } from '../store/aspect-values.js';
import type { SiblingsFact } from './sibling-lineage.js';

/** A stored `siblings` aspect (common/Siblings.pdl: `siblings: array[Urn]`, `primary: boolean`), or undefined. */
export function siblingsFact(aspect: unknown): SiblingsFact | undefined {
  const raw = asObject(aspect);
  if (!raw) return undefined;
  return { siblings: strings(raw.siblings), primary: raw.primary === true };
}
