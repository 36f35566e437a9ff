import { parseSchemaFieldUrn, schemaFieldUrn } from '@janus/datahub-sim/urn';
import type { EntityParts, EntityReads } from './build-graph.js';
import type { Column, EntityNode, Owner } from './graph.js';

/**
 * Platforms of the tools that model a table rather than hold it (dbt, SQLMesh, Dataform; Hightouch models): their
 * entities are the siblings of the tables they build or read (DataHub's ingestion sources for each).
 */
const MODELLING_PLATFORMS = ['dbt', 'sqlmesh', 'dataform', 'hightouch'].map((p) => `urn:li:dataPlatform:${p},`);
export const onModellingTool = (urn: string) => MODELLING_PLATFORMS.some((p) => urn.includes(p));

interface Group {
  /** The urn judging uses for the whole group: its table (a member on no modelling tool), else its primary. */
  canonical: string;
  /** The members read, the canonical one first. */
  members: string[];
}

/**
 * Reads in which every sibling group (a dbt model and its warehouse table, DataHub's `siblings` aspect) is one
 * dataset. DataHub keeps them apart everywhere Janus reads (the `lineage` field with `separateSiblings`, lineage
 * search), though they hold two halves of one dataset's facts: the dbt side its code lineage and tests, the
 * warehouse side its operations, its producing jobs and the incidents raised on it. Here each group answers under
 * its table's urn (the member on no modelling tool's platform, where the data and its evidence live; else its
 * primary), with the members' facts and upstreams combined; every reference to a member, its columns included,
 * names that urn; the other members have no node. A catalog that gains dbt siblings keeps its verdicts, names
 * included. Only members that were read count. Built per run: it keeps what it derives.
 */
export class SiblingReads implements EntityReads {
  private readonly groups = new Map<string, Group | null>();
  private readonly rewritten = new WeakMap<EntityParts, EntityParts>();
  private readonly mergedParts = new Map<string, EntityParts>();

  constructor(private readonly reads: EntityReads) {}

  *urns(): Iterable<string> {
    const seen = new Set<string>();
    for (const urn of this.reads.urns()) {
      const canonical = this.canonicalOf(urn);
      if (seen.has(canonical)) continue;
      seen.add(canonical);
      yield canonical;
    }
  }

  /** The urns as judging names them, each once, in the order given. */
  canonicalUrns(urns: Iterable<string>): string[] {
    return [...new Set([...urns].map((u) => this.canonicalOf(u)))];
  }

  graphParts(urn: string): EntityParts | undefined {
    const parts = this.reads.graphParts(urn);
    if (!parts) return undefined;
    const group = this.groupOf(urn);
    if (!group) return this.withReferences(parts);
    if (group.canonical !== urn) return undefined;
    let merged = this.mergedParts.get(urn);
    if (!merged) this.mergedParts.set(urn, (merged = this.merge(group)));
    return merged;
  }

  absent(urn: string): boolean {
    return this.reads.absent?.(urn) ?? false;
  }

  /** The urn judging uses for this one: its group's, or its own. */
  canonicalOf(urn: string): string {
    return this.groupOf(urn)?.canonical ?? urn;
  }

  /** Every member read of the urn's group (the canonical one first), or the urn alone. */
  membersOf(urn: string): string[] {
    return this.groupOf(urn)?.members ?? [urn];
  }

  private groupOf(urn: string): Group | null {
    let group = this.groups.get(urn);
    if (group !== undefined) return group;
    const first = this.reads.graphParts(urn);
    if (!first?.siblings.length) {
      this.groups.set(urn, null);
      return null;
    }
    // the members that were read, closed over each one's own list (DataHub writes the aspect on every member)
    const members = new Set([urn]);
    const queue = [urn];
    for (let i = 0; i < queue.length; i++) {
      for (const s of this.reads.graphParts(queue[i]!)?.siblings ?? []) {
        if (members.has(s) || !this.reads.graphParts(s)) continue;
        members.add(s);
        queue.push(s);
      }
    }
    if (members.size < 2) {
      this.groups.set(urn, null);
      return null;
    }
    const sorted = [...members].sort();
    const canonical =
      sorted.find((m) => !onModellingTool(m)) ??
      sorted.find((m) => this.reads.graphParts(m)!.primarySibling) ??
      sorted[0]!;
    group = { canonical, members: [canonical, ...sorted.filter((m) => m !== canonical)] };
    for (const m of members) this.groups.set(m, group);
    return group;
  }

  private column(urn: string): string {
    const field = parseSchemaFieldUrn(urn);
    if (!field) return urn;
    const parent = this.canonicalOf(field.parent);
    return parent === field.parent ? urn : schemaFieldUrn(parent, field.fieldPath);
  }

  /** An entity outside any group, its references to members renamed (the same parts when it has none). */
  private withReferences(parts: EntityParts): EntityParts {
    const known = this.rewritten.get(parts);
    if (known) return known;
    const rename = (urns: string[]) => urns.map((u) => this.canonicalOf(u));
    const upstreams = rename(parts.upstreams);
    const trainingData = rename(parts.trainingData);
    const featureSources = rename(parts.featureSources);
    const columnUps = parts.columnUps.map((ups) => ups.map((u) => this.column(u)));
    const changed =
      differs(upstreams, parts.upstreams) ||
      differs(trainingData, parts.trainingData) ||
      differs(featureSources, parts.featureSources) ||
      columnUps.some((ups, i) => differs(ups, parts.columnUps[i]!));
    const out = changed
      ? {
          ...parts,
          upstreams: [...new Set(upstreams)],
          trainingData: [...new Set(trainingData)],
          featureSources: [...new Set(featureSources)],
          columnUps,
        }
      : parts;
    this.rewritten.set(parts, out);
    return out;
  }

  /** The group as one dataset: the canonical member's identity, every member's facts and upstreams. */
  private merge(group: Group): EntityParts {
    const all = group.members.map((m) => this.reads.graphParts(m)!);
    const inGroup = new Set(group.members);
    const outside = (urns: string[]) =>
      [...new Set(urns.filter((u) => !inGroup.has(u)).map((u) => this.canonicalOf(u)))].filter(
        (u) => u !== group.canonical,
      );
    const columnDowns: string[] = [];
    const columnUps: string[][] = [];
    for (const p of all) {
      p.columnDowns.forEach((down, i) => {
        columnDowns.push(this.column(down));
        columnUps.push(p.columnUps[i]!.map((u) => this.column(u)));
      });
    }
    const first = all[0]!;
    return {
      node: mergedNode(
        group.canonical,
        all.map((p) => p.node),
        (u) => this.column(u),
      ),
      exists: all.some((p) => p.exists),
      upstreams: outside(all.flatMap((p) => p.upstreams)),
      columnDowns,
      columnUps,
      trainingData: outside(all.flatMap((p) => p.trainingData)),
      features: [...new Set(all.flatMap((p) => p.features))],
      featureSources: outside(all.flatMap((p) => p.featureSources)),
      featureTables: all.flatMap((p) => p.featureTables),
      siblings: [],
      primarySibling: first.primarySibling,
    };
  }
}

const differs = (a: string[], b: string[]) => a.some((u, i) => u !== b[i]);

/**
 * One node of a group's nodes (the canonical one first): its identity, and every member's facts. The logical
 * dataset is owned by anyone who owns a member, deprecated when a member is, removed only when every member is,
 * as fresh as its freshest member, with every member's columns (by path), assertions and producing jobs.
 */
function mergedNode(canonical: string, nodes: EntityNode[], column: (urn: string) => string): EntityNode {
  const [lead] = nodes as [EntityNode, ...EntityNode[]];
  const owners = new Map<string, Owner>();
  for (const n of nodes) for (const o of n.owners) if (!owners.has(o.urn)) owners.set(o.urn, o);
  const columns = new Map<string, Column>();
  for (const n of nodes) {
    for (const c of n.columns) {
      const known = columns.get(c.path);
      if (!known) columns.set(c.path, { ...c, urn: column(c.urn) });
      else
        columns.set(c.path, {
          ...known,
          isKey: known.isKey || c.isKey,
          labels: [...new Set([...known.labels, ...c.labels])],
        });
    }
  }
  const updated = nodes.map((n) => n.lastUpdated).filter((t): t is number => t !== undefined);
  const deprecated = nodes.find((n) => n.deprecated)?.deprecated;
  const assertions = new Map(nodes.flatMap((n) => n.assertions).map((a) => [a.urn, a]));
  return {
    ...lead,
    urn: canonical,
    owners: [...owners.values()],
    ...(deprecated ? { deprecated } : {}),
    removed: nodes.every((n) => n.removed),
    customProperties: Object.assign({}, ...[...nodes].reverse().map((n) => n.customProperties)) as Record<
      string,
      string
    >,
    columns: [...columns.values()],
    ...(updated.length ? { lastUpdated: Math.max(...updated) } : {}),
    assertions: [...assertions.values()],
    producers: [...new Set(nodes.flatMap((n) => n.producers))],
    structuredProperties: Object.assign({}, ...[...nodes].reverse().map((n) => n.structuredProperties)) as Record<
      string,
      string[]
    >,
  };
}
