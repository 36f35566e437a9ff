/**
 * What a store must never hold, however many scans raced or crashed before the last clean one: two ACTIVE Janus
 * incidents for one root cause, an assertion result reported twice in a row, a tag, link or property value twice.
 * Reads the simulator's export (`/__sim/export`), so it checks DataHub's state, not what Janus says it wrote.
 */
type Mcp = { entityUrn: string; aspectName: string; aspect: { json: Record<string, unknown> } };

export interface EvidenceCheck {
  /** Finding key → ACTIVE Janus incidents on it. */
  activeByKey: Map<string, number>;
  /** Finding key → Janus incidents on it, in any state. */
  allByKey: Map<string, number>;
  problems: string[];
}

export async function exportedRecords(simUrl: string): Promise<Mcp[]> {
  return (await (await fetch(`${simUrl}/__sim/export`)).json()) as Mcp[];
}

export function checkEvidence(records: Mcp[]): EvidenceCheck {
  const problems: string[] = [];
  const activeByKey = new Map<string, number>();
  const allByKey = new Map<string, number>();
  const runs = new Map<string, string[]>();
  for (const r of records) {
    const json = r.aspect.json;
    if (r.aspectName === 'incidentInfo') {
      const key = /janus-key: (.*)/.exec(String(json.description ?? ''))?.[1];
      const state = (json.status as { state?: string } | undefined)?.state;
      if (key && state === 'ACTIVE') activeByKey.set(key, (activeByKey.get(key) ?? 0) + 1);
      if (key) allByKey.set(key, (allByKey.get(key) ?? 0) + 1);
    } else if (r.aspectName === 'assertionRunEvent' && r.entityUrn.startsWith('urn:li:assertion:janus-')) {
      const type = String((json.result as { type?: string } | undefined)?.type);
      runs.set(r.entityUrn, [...(runs.get(r.entityUrn) ?? []), type]);
    } else if (r.aspectName === 'globalTags') {
      const tags = ((json.tags as { tag: string }[] | undefined) ?? []).map((t) => t.tag);
      if (new Set(tags).size !== tags.length) problems.push(`${r.entityUrn}: a tag twice (${tags.join(', ')})`);
    } else if (r.aspectName === 'institutionalMemory') {
      const urls = ((json.elements as { url: string }[] | undefined) ?? []).map((e) => e.url);
      if (new Set(urls).size !== urls.length) problems.push(`${r.entityUrn}: a link twice (${urls.join(', ')})`);
    } else if (r.aspectName === 'structuredProperties') {
      for (const p of (json.properties as { propertyUrn: string; values: unknown[] }[] | undefined) ?? []) {
        const values = p.values.map((v) => JSON.stringify(v));
        if (new Set(values).size !== values.length)
          problems.push(`${r.entityUrn}: ${p.propertyUrn} holds a value twice`);
      }
      const urns = ((json.properties as { propertyUrn: string }[] | undefined) ?? []).map((p) => p.propertyUrn);
      if (new Set(urns).size !== urns.length) problems.push(`${r.entityUrn}: a structured property twice`);
    }
  }
  for (const [key, n] of activeByKey) if (n !== 1) problems.push(`${key}: ${n} ACTIVE Janus incidents`);
  for (const [urn, types] of runs)
    if (types.some((t, i) => i > 0 && types[i - 1] === t))
      problems.push(`${urn}: a result reported twice in a row (${types.join(' ')})`);
  return { activeByKey, allByKey, problems };
}
