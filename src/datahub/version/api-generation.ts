/**
 * The shapes of DataHub's GraphQL API that Janus speaks, each named by the first release that has it. Janus picks its
 * operations by them (an operation's variant for `v1.0`, else its own): see operations/v1.0/ and queries/write-ops.ts.
 *
 * - `v1.0`: DataHub v1.0.0 to v1.2.x. An incident's status is `Incident.status`; a link is added with `addLink` (left as
 *   it is when a link with that URL is there) and removed with `removeLink` by URL alone (no `label` in its input).
 * - `v1.3`: v1.3.0 and later (Janus's own operations): `Incident.incidentStatus`, `upsertLink`, `removeLink` by URL and
 *   label.
 */
export const API_GENERATIONS = ['v1.0', 'v1.3'] as const;
export type ApiGeneration = (typeof API_GENERATIONS)[number];

/** The newest generation: what a DataHub of unknown version is taken to speak. */
export const CURRENT_API: ApiGeneration = 'v1.3';

/** The oldest DataHub release Janus works with. */
export const OLDEST_SUPPORTED = 'v1.0.0';

/** A version as GMS reports it (`v1.2.0`, `v0.15.0.1`, `v1.3.0rc2`): its first three numbers, or undefined. */
export function releaseOf(version: string): [number, number, number] | undefined {
  const m = /^v?(\d+)\.(\d+)\.(\d+)/.exec(version.trim());
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
}

/** The generation of a core DataHub release; undefined before v1.0.0 (unsupported). */
export function apiOfRelease([major, minor]: [number, number, number]): ApiGeneration | undefined {
  if (major < 1) return undefined;
  return major === 1 && minor < 3 ? 'v1.0' : 'v1.3';
}

/** Something with a variant per generation (an operation): the one to send to a DataHub of `api`. */
export const forApi = <T extends { variants?: Partial<Record<ApiGeneration, T>> }>(op: T, api: ApiGeneration): T =>
  op.variants?.[api] ?? op;
