const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text or attribute value made inert: urns, names and messages come from DataHub, so everything passes here. */
export const esc = (value: unknown): string => String(value).replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/** An http(s) URL, or undefined: only such URLs become links (no `javascript:` from a catalog value). */
export function safeUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : undefined;
  } catch {
    return undefined;
  }
}
