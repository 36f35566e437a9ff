import type { GateResult } from '../app/gate.js';
import type { Finding } from '../core/finding.js';
import { isBlocked } from '../app/gate.js';

/** GitHub's escaping of a workflow command's message. */
export const escapeData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
/** GitHub's escaping of a workflow command's property value. */
export const escapeProperty = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** Where a lineage file proposes edges: the file, and the line of each edge (by `edgeKey(down, up)`). */
export interface LineageLines {
  file: string;
  lineOf: (down: string, up: string) => number | undefined;
}

/**
 * GitHub Actions `::error` commands, one per blocking finding: on the line of the lineage file whose proposed edge
 * the finding's evidence walks through (its column chains), or without a file when it walks through none.
 */
export function gateAnnotations(results: GateResult[], lineage?: LineageLines): string[] {
  return results.filter(isBlocked).flatMap((r) => [
    ...r.blocking.map((f) => {
      const line = lineage ? proposedLine(f, lineage) : undefined;
      const where = line !== undefined ? `file=${escapeProperty(lineage!.file)},line=${line},` : '';
      const title = `Janus gate: ${r.verdict.model.name}: ${f.detector} (${f.severity})`;
      return `::error ${where}title=${escapeProperty(title)}::${escapeData(f.message)}`;
    }),
    ...r.reasons.map(
      (reason) => `::error title=${escapeProperty(`Janus gate: ${r.verdict.model.name}`)}::${escapeData(reason)}`,
    ),
  ]);
}

/** The first line of a proposed edge between two neighbours in any list of urns the finding's evidence holds. */
export function proposedLine(f: Finding, lineage: LineageLines): number | undefined {
  let best: number | undefined;
  for (const urns of urnLists(f.evidence))
    for (let i = 1; i < urns.length; i++) {
      const [a, b] = [urns[i - 1]!, urns[i]!];
      const line = lineage.lineOf(a, b) ?? lineage.lineOf(b, a);
      if (line !== undefined && (best === undefined || line < best)) best = line;
    }
  return best;
}

/** Every array of strings anywhere in the evidence (chains of columns, paths of datasets). */
function urnLists(value: unknown): string[][] {
  if (Array.isArray(value))
    return value.every((v) => typeof v === 'string') ? [value as string[]] : value.flatMap(urnLists);
  if (value && typeof value === 'object') return Object.values(value).flatMap(urnLists);
  return [];
}
