import { createHash } from 'node:crypto';
import { severityRank, type Finding } from '../finding.js';
import { evidenceFingerprint } from '../evidence-fingerprint.js';
import type { Acceptance, AcceptedShape } from './acceptance.js';

const chainsOf = (f: Finding): string[][] | undefined =>
  Array.isArray(f.evidence.chains) ? (f.evidence.chains as string[][]) : undefined;

/** A column chain's short fingerprint: what an acceptance keeps of each chain it covers. */
export const chainId = (chain: readonly string[]): string =>
  createHash('sha256').update(chain.join('\n')).digest('hex').slice(0, 12);

/** Evidence fields that differ from one model to the next for the same root cause (a failed job's products it reads). */
const PER_MODEL: readonly string[] = ['produces'];

/** The evidence fingerprint every model below a dataset agrees on: what an acceptance held on the dataset keeps. */
const rootFingerprint = (f: Finding): string =>
  evidenceFingerprint({
    ...f,
    evidence: Object.fromEntries(Object.entries(f.evidence).filter(([k]) => !PER_MODEL.includes(k))),
  });

/**
 * What an acceptance made now keeps of its finding, to tell later whether the finding grew. `onDataset`: held on the
 * dataset for every model below it, so it keeps only what each of them sees alike.
 */
export function shapeOf(f: Finding, onDataset = false): AcceptedShape {
  const chains = chainsOf(f);
  return {
    severity: f.severity,
    ...(chains
      ? { chains: { ids: chains.map(chainId), longest: Math.max(0, ...chains.map((c) => c.length)) } }
      : { evidence: (onDataset ? rootFingerprint : evidenceFingerprint)(f) }),
  };
}

/**
 * Why an acceptance no longer covers its finding at `now`, or undefined while it holds. Pure. It lapses when it has
 * ended, or when the finding changed materially since it was accepted: a worse severity, a column chain beyond the
 * accepted ones (a leak's), other evidence (any other finding's: a new failed run, another stale update is a new
 * episode). A finding that shrank (fewer chains) is still covered.
 */
export function lapseOf(a: Acceptance, f: Finding, now: number): string | undefined {
  const until = Date.parse(a.until);
  if (!(now < until)) return `expired on ${a.until.slice(0, 10)}`;
  const was = a.accepted;
  if (!was) return undefined;
  if (was.severity && severityRank(f.severity) > severityRank(was.severity))
    return `its severity rose from ${was.severity} to ${f.severity}`;
  const chains = chainsOf(f);
  if (was.chains && chains) {
    const known = new Set(was.chains.ids);
    const beyond = chains.filter((c) => !known.has(chainId(c)));
    if (!beyond.length) return undefined;
    const longest = Math.max(...beyond.map((c) => c.length));
    return longest > was.chains.longest
      ? `a longer column chain appeared (${longest} columns, ${was.chains.longest} accepted)`
      : `a new column chain appeared (${beyond.length} beyond the ${was.chains.ids.length} accepted)`;
  }
  if (was.evidence && !chains && was.evidence !== (a.on ? rootFingerprint : evidenceFingerprint)(f))
    return 'its evidence changed since it was accepted (a new episode)';
  return undefined;
}
