/**
 * The naive baseline: how a straightforward DataHub client judges a model. Breadth-first, one hop at a
 * time, one `lineage(direction: UPSTREAM)` request per entity (and per page of its edges), then one request
 * per entity for its facts. Models' training sets are followed too, so it reaches what Janus reaches.
 * Requests go out one after another, as Janus's own do.
 */
import fs from 'node:fs';
import { z } from 'zod';

/** The two things the walker asks DataHub, one entity at a time. */
export interface NaiveTransport {
  /** One page of an entity's one-hop upstream lineage. */
  hop(urn: string, start: number, count: number): Promise<{ total: number; upstreams: string[] }>;
  /** One entity's facts; for a model, its training sets. */
  facts(urn: string): Promise<{ trainingData: string[] }>;
}

export interface NaiveWalkResult {
  /** Entities reached, roots included. */
  reached: number;
  /** Breadth-first levels walked. */
  hops: number;
  requests: { hop: number; facts: number; total: number };
  /** False when the deadline stopped the walk first. */
  complete: boolean;
}

/** Page size of one lineage request: DataHub's own default for the `lineage` field. */
export const NAIVE_PAGE = 100;

/** Walks upstream of every root, reading each entity it reaches once; stops early at `deadline` (performance.now()). */
export async function naiveWalk(t: NaiveTransport, roots: string[], deadline = Infinity): Promise<NaiveWalkResult> {
  const seen = new Set(roots);
  const requests = { hop: 0, facts: 0, total: 0 };
  let frontier = [...seen];
  let hops = 0;
  const result = (complete: boolean): NaiveWalkResult => ({
    reached: seen.size,
    hops,
    requests: { ...requests, total: requests.hop + requests.facts },
    complete,
  });
  while (frontier.length) {
    const next: string[] = [];
    const reach = (urn: string) => {
      if (seen.has(urn)) return;
      seen.add(urn);
      next.push(urn);
    };
    for (const urn of frontier) {
      if (performance.now() > deadline) return result(false);
      for (let start = 0, total = 1; start < total; start += NAIVE_PAGE) {
        const page = await t.hop(urn, start, NAIVE_PAGE);
        requests.hop++;
        total = page.total;
        page.upstreams.forEach(reach);
      }
      const facts = await t.facts(urn);
      requests.facts++;
      facts.trainingData.forEach(reach);
    }
    if (next.length) hops++;
    frontier = next;
  }
  return result(true);
}

/** The same answers, each asked of `inner` once: for counting what the walker would send across many models. */
export function memoTransport(inner: NaiveTransport): NaiveTransport {
  const hops = new Map<string, ReturnType<NaiveTransport['hop']>>();
  const facts = new Map<string, ReturnType<NaiveTransport['facts']>>();
  return {
    hop(urn, start, count) {
      const key = `${urn}\u0000${start}\u0000${count}`;
      let answer = hops.get(key);
      if (!answer) hops.set(key, (answer = inner.hop(urn, start, count)));
      return answer;
    },
    facts(urn) {
      let answer = facts.get(urn);
      if (!answer) facts.set(urn, (answer = inner.facts(urn)));
      return answer;
    },
  };
}

const GRAPHQL_FILE = [
  new URL('./naive.graphql', import.meta.url),
  new URL('../../bench/naive.graphql', import.meta.url),
];

/** bench/naive.graphql, found beside this file or, when built, in the source tree. */
export function naiveDocument(): string {
  const file = GRAPHQL_FILE.find((f) => fs.existsSync(f));
  if (!file) throw new Error('bench/naive.graphql not found');
  return fs.readFileSync(file, 'utf8');
}

const hopSchema = z.object({
  entity: z
    .object({
      lineage: z
        .object({
          total: z.number().nullish(),
          relationships: z.array(z.object({ entity: z.object({ urn: z.string() }).nullish() })),
        })
        .nullish(),
    })
    .nullish(),
});
const factsSchema = z.object({
  entity: z.object({ trainingData: z.array(z.object({ dataset: z.string() })).nullish() }).nullish(),
});

/** Sends one GraphQL operation of the naive document and returns its parsed `data`. */
export type RunOperation = (operationName: string, variables: Record<string, unknown>) => Promise<unknown>;

/** The walker's questions as GraphQL operations, run by `run` (over HTTP, or in process). */
export function graphqlTransport(run: RunOperation): NaiveTransport {
  return {
    async hop(urn, start, count) {
      const data = hopSchema.parse(await run('NaiveUpstreamHop', { urn, start, count }));
      const lineage = data.entity?.lineage;
      const upstreams = (lineage?.relationships ?? []).flatMap((r) => (r.entity ? [r.entity.urn] : []));
      return { total: lineage?.total ?? upstreams.length, upstreams };
    },
    async facts(urn) {
      const data = factsSchema.parse(await run('NaiveEntityFacts', { urn }));
      return { trainingData: (data.entity?.trainingData ?? []).map((t) => t.dataset) };
    },
  };
}

const responseSchema = z.object({
  data: z.unknown().optional(),
  errors: z.array(z.object({ message: z.string() })).optional(),
});

/** Runs the naive operations against DataHub's GraphQL endpoint (`<gms>/api/graphql`). */
export function httpRunner(gmsUrl: string): RunOperation {
  const document = naiveDocument();
  const endpoint = `${gmsUrl.replace(/\/+$/, '')}/api/graphql`;
  return async (operationName, variables) => {
    const res = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: document, operationName, variables }),
    });
    const body = responseSchema.parse(await res.json());
    if (!res.ok || body.errors?.length)
      throw new Error(`${operationName}: HTTP ${res.status} ${body.errors?.map((e) => e.message).join('; ') ?? ''}`);
    return body.data;
  };
}
