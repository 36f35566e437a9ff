/**
 * One copy of each urn a catalog read meets. JSON parsing makes a new string for every occurrence, so a
 * catalog's urns (each table named in every edge and column reference to it) would be held many times over.
 */
export type UrnPool = (urn: string) => string;

export function urnPool(): UrnPool {
  const pool = new Map<string, string>();
  return (urn) => {
    const known = pool.get(urn);
    if (known !== undefined) return known;
    pool.set(urn, urn);
    return urn;
  };
}

/** No pooling: each urn string is kept as read. */
export const unpooled: UrnPool = (urn) => urn;
