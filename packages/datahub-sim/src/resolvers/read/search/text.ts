import type { SearchDoc } from './documents.js';

export interface TextMatch {
  score: number;
  matchedFields: { name: string; value: string }[];
}

/** `*` (or nothing) matches every document, as DataHub's match-all query does. */
export const isMatchAll = (query: string): boolean => query.trim() === '' || query.trim() === '*';

/**
 * A rough stand-in for DataHub's full-text query, case-insensitive: an exact name ranks first, then a name
 * prefix, then a name containing the query, then other fields (display names, email, description, urn).
 * A query of several words also matches when every word appears in some field. A trailing `*` is a prefix.
 */
export function matchText(doc: SearchDoc, rawQuery: string): TextMatch | undefined {
  const query = rawQuery.trim().toLowerCase().replace(/\*+$/, '');
  if (!query) return { score: 0, matchedFields: [] };
  let score = 0;
  const matchedFields: { name: string; value: string }[] = [];
  for (const name of doc.names) {
    const n = name.toLowerCase();
    const s = n === query ? 100 : n.startsWith(query) ? 60 : n.includes(query) ? 40 : 0;
    if (s > 0) matchedFields.push({ name: 'name', value: name });
    score = Math.max(score, s);
  }
  for (const [field, values] of Object.entries(doc.text)) {
    for (const value of values) {
      const v = value.toLowerCase();
      const s = v === query ? 30 : v.includes(query) ? 10 : 0;
      if (s > 0) matchedFields.push({ name: field, value });
      score = Math.max(score, s);
    }
  }
  if (score === 0) {
    const words = query.split(/\s+/).filter(Boolean);
    const haystack = [...doc.names, ...Object.values(doc.text).flat()].join('\n').toLowerCase();
    if (words.length > 1 && words.every((w) => haystack.includes(w))) score = 5;
  }
  return score > 0 ? { score, matchedFields } : undefined;
}
