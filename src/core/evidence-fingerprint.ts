import { createHash } from 'node:crypto';
import type { Finding } from './finding.js';

/** Evidence fields that move with the clock alone, not with the facts (a stale table's lag grows every cycle). */
const VOLATILE: readonly string[] = Object.freeze(['lagMs']);

const stable = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(stable)
    : v && typeof v === 'object'
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, stable((v as Record<string, unknown>)[k])]),
        )
      : v;

/**
 * A finding's evidence, as a short hash: its own fields (the failed run, the stale table's last update and SLA, the
 * departed owners, the leak's column chains), not what it explains downstream nor how late it is now.
 */
export function evidenceFingerprint(f: Finding): string {
  const own = Object.fromEntries(
    Object.keys(f.evidence).flatMap((k) => (VOLATILE.includes(k) ? [] : [[k, f.evidence[k]]])),
  );
  return createHash('sha256')
    .update(JSON.stringify([f.key, stable(own)]))
    .digest('hex')
    .slice(0, 16);
}
