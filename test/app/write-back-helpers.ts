import { judgePolicy } from '../../src/config/index.js';
import { judgeSchema } from '../../src/config/judge.js';
import { createDataHubClient } from '../../src/datahub/client.js';
import { listModels } from '../../src/datahub/read-catalog.js';
import { writeBackModels, type WriteBackDeps } from '../../src/app/write-back.js';
import type { RunningSim } from '@janus/datahub-sim';

export const policy = judgePolicy(judgeSchema.parse({}));

/** One in-process scan of every model, with write-back, against a simulator. */
export async function scanAll(sim: RunningSim, extra: Partial<WriteBackDeps> = {}) {
  const client = createDataHubClient({ url: sim.url, retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 2 } });
  const models = await listModels(client);
  return writeBackModels({ client, policy, reportBaseUrl: 'http://janus.test', ...extra }, models);
}

type Mcp = { entityUrn: string; aspectName: string; aspect: { json: Record<string, unknown> } };

/**
 * The simulator's export with incident urns (random in DataHub) replaced by the finding key each records,
 * so two stores holding the same evidence compare equal.
 */
export async function normalisedExport(sim: RunningSim): Promise<Mcp[]> {
  const records = (await (await fetch(`${sim.url}/__sim/export`)).json()) as Mcp[];
  const names = new Map<string, string>();
  for (const r of records) {
    if (r.aspectName !== 'incidentInfo') continue;
    const key = /janus-key: (.*)/.exec(String(r.aspect.json.description))?.[1] ?? 'unknown';
    const state = (r.aspect.json.status as { state: string }).state;
    names.set(r.entityUrn, `urn:li:incident:<${key}|${state}>`);
  }
  // a result's timestamp is the minute Janus reported it in (write-kinds.ts), not part of the evidence; nor is the
  // moment Janus wrote an incident (its own clock: incident-write.ts)
  for (const r of records) {
    if (r.aspectName === 'assertionRunEvent' && r.entityUrn.startsWith('urn:li:assertion:janus-'))
      Object.assign(r.aspect.json, { timestampMillis: 0, runId: '0' });
    const custom = r.aspect.json.customAssertion as { logic?: string } | undefined;
    if (r.aspectName === 'assertionInfo' && custom?.logic)
      custom.logic = custom.logic.replace(/(janus-result: \w+) \d+/, '$1 0');
    if (r.aspectName === 'incidentInfo' && r.entityUrn.startsWith('urn:li:incident:janus-')) {
      const json = r.aspect.json as { created: { time: number }; status: { lastUpdated: { time: number } } };
      json.created.time = 0;
      json.status.lastUpdated.time = 0;
    }
    if (r.aspectName === 'incidentsSummary')
      for (const list of Object.values(r.aspect.json) as { urn: string; createdAt: number }[][])
        for (const d of list) if (d.urn.startsWith('urn:li:incident:janus-')) d.createdAt = 0;
  }
  const text = JSON.stringify(records).replace(/urn:li:incident:[0-9a-f-]{36}/g, (u) => names.get(u) ?? u);
  return (JSON.parse(text) as Mcp[]).sort(
    (a, b) =>
      `${a.entityUrn} ${a.aspectName}`.localeCompare(`${b.entityUrn} ${b.aspectName}`) ||
      JSON.stringify(a).localeCompare(JSON.stringify(b)),
  );
}

export async function gql<T>(sim: RunningSim, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const body = (await (
    await fetch(`${sim.url}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    })
  ).json()) as { data: T; errors?: unknown[] };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}
