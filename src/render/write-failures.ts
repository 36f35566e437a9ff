import { shortName } from '../core/names.js';

/** A write that failed, as the write-back reports it (`privilege`: DataHub refused it, the token lacking that). */
export interface FailedWrite {
  kind: string;
  target: string;
  error?: string;
  privilege?: string;
}

/**
 * Failed writes as report lines: each kind DataHub refused for a missing privilege once (its reason names the
 * privilege, then how many writes it blocked), then every other failure on a line of its own.
 */
export function failureLines(failed: readonly FailedWrite[], target: (urn: string) => string = shortName): string[] {
  const refused = new Map<string, { count: number; reason: string }>();
  const others: string[] = [];
  for (const f of failed) {
    if (!f.privilege) {
      others.push(`FAILED ${f.kind} ${target(f.target)}: ${f.error ?? 'no detail'}`);
      continue;
    }
    const seen = refused.get(f.kind);
    refused.set(f.kind, { count: (seen?.count ?? 0) + 1, reason: seen?.reason ?? f.error ?? f.privilege });
  }
  const refusals = [...refused].map(
    ([kind, { count, reason }]) => `REFUSED ${kind} (${count} ${count === 1 ? 'write' : 'writes'}): ${reason}`,
  );
  return [...refusals, ...others];
}
