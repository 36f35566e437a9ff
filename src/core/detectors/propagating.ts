/** Detectors whose trouble travels downstream: a stale or failing table makes what is built from it suspect too. */
export const PROPAGATING: ReadonlySet<string> = new Set(['freshness_lag', 'upstream_failure']);
