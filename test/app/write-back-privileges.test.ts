import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { writeBackModels } from '../../src/app/write-back.js';
import { createDataHubClient } from '../../src/datahub/client.js';
import { listModels } from '../../src/datahub/read-catalog.js';
import { writeKindOf } from '../../src/datahub/writeback/write-kinds.js';
import { createLogger } from '../../src/log.js';
import { writeBackToken } from '../support/policy-token.js';
import { failureLines } from '../../src/render/write-failures.js';
import { policy } from './write-back-helpers.js';

let sim: RunningSim | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

/**
 * What DataHub checks for each write Janus makes on a first scan (from its resolvers, written here apart from
 * Janus's own table so that a wrong entry there fails this test), and the mutation field each kind sends.
 */
const CHECKED: Record<string, { privilege: string; kinds: string[] }> = {
  CREATE_TAGS: { privilege: 'CREATE_TAGS', kinds: ['createTag'] },
  MANAGE_STRUCTURED_PROPERTIES: { privilege: 'MANAGE_STRUCTURED_PROPERTIES', kinds: ['createProperty'] },
  // an incident is an entity of its own, written through ingestion: EDIT_ENTITY on it (AspectResource)
  EDIT_ENTITY: { privilege: 'EDIT_ENTITY', kinds: ['raiseIncident'] },
  EDIT_ENTITY_ASSERTIONS: {
    privilege: 'EDIT_ENTITY_ASSERTIONS',
    kinds: ['upsertAssertion', 'reportAssertion', 'recordAssertion'],
  },
  EDIT_ENTITY_PROPERTIES: { privilege: 'EDIT_ENTITY_PROPERTIES', kinds: ['setTrust', 'setReasons'] },
  EDIT_ENTITY_TAGS: { privilege: 'EDIT_ENTITY_TAGS', kinds: ['addTag'] },
  EDIT_ENTITY_DOC_LINKS: { privilege: 'EDIT_ENTITY_DOC_LINKS', kinds: ['upsertLink'] },
};
/** Writes that wait for a definition: refused definitions leave them skipped, not failed. */
const NEEDS: Record<string, string[]> = {
  createTag: ['addTag'],
  createProperty: ['setTrust', 'setReasons'],
  upsertAssertion: ['reportAssertion'],
};
/** Nullable mutation fields: a refusal leaves the other aliases of the request running, so each is sent once. */
const FIELD: Record<string, string> = {
  upsertLink: 'upsertLink',
  addTag: 'addTag',
  createTag: 'createTag',
};

function captureLogs() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const l of chunk.toString().split('\n')) if (l.trim()) lines.push(JSON.parse(l) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: createLogger({ destination, format: 'json', level: 'warn' }) };
}

async function scanWith(token: string, retries = 3) {
  const { lines, logger } = captureLogs();
  const client = createDataHubClient({
    url: sim!.url,
    token,
    writeBatch: 4,
    retry: { retries, baseDelayMs: 1, maxDelayMs: 2 },
  });
  const models = await listModels(client);
  const result = await writeBackModels({ client, policy, reportBaseUrl: 'http://janus.test', logger }, models);
  return { result, lines };
}

const ALL = Object.keys(CHECKED).filter((p) => p !== 'EDIT_ENTITY');
/** Held everywhere, EDIT_ENTITY would pass every entity check: it is granted on incidents only, as a policy would. */
const onIncidents = (privileges: string[]) => [{ types: ['incident'], privileges }];
const CASES = Object.keys(CHECKED);

describe('a write-back whose token lacks a privilege', () => {
  it.each(CASES)(
    'without %s: each refused kind reported once naming it, sent once, the rest written',
    async (missing) => {
      const { kinds } = CHECKED[missing]!;
      sim = await startSim({
        demo: true,
        tokens: {
          admin: { actor: 'urn:li:corpuser:admin', privileges: ALL, resourcePrivileges: onIncidents(['EDIT_ENTITY']) },
          janus: {
            actor: 'urn:li:corpuser:janus',
            privileges: ALL.filter((p) => p !== missing),
            resourcePrivileges: missing === 'EDIT_ENTITY' ? [] : onIncidents(['EDIT_ENTITY']),
          },
        },
      });
      // what the write-back writes on this catalog, from a dry run of a token that may write it all
      const client = createDataHubClient({ url: sim.url, token: 'admin' });
      const models = await listModels(client);
      const plan = (
        await writeBackModels({ client, policy, reportBaseUrl: 'http://janus.test' }, models, { dryRun: true })
      ).plan;
      const planned = (kind: string) => plan.filter((w) => writeKindOf(w) === kind).length;
      const waiting = new Set(kinds.flatMap((k) => NEEDS[k] ?? []));
      const refusedKinds = kinds.filter((k) => planned(k) > 0 && !waiting.has(k));
      expect(refusedKinds.length, `the demo catalog's first scan makes a write that needs ${missing}`).toBeGreaterThan(
        0,
      );

      const { result, lines } = await scanWith('janus');

      // every refused write names the privilege; no other write failed
      for (const f of result.failed) {
        expect(kinds).toContain(f.kind);
        expect(f.privilege).toBe(missing);
        expect(f.error).toContain(missing);
      }
      for (const kind of refusedKinds) expect(result.failed.filter((f) => f.kind === kind)).toHaveLength(planned(kind));
      // the writes that need another privilege landed, except those waiting for a refused definition
      const landed = new Set(result.applied.map((a) => a.kind));
      for (const w of plan) {
        const kind = writeKindOf(w);
        if (!kinds.includes(kind) && !waiting.has(kind)) expect(landed, kind).toContain(kind);
      }

      // reported once a kind: one log line naming the privilege and the kind, none a write
      const refusalLogs = lines.filter((l) => l.privilege === missing);
      expect(refusalLogs.map((l) => l.write).sort()).toEqual([...refusedKinds].sort());
      expect(lines.filter((l) => l.msg === 'write-back step failed')).toEqual([]);
      const summary = failureLines(result.failed);
      expect(summary).toHaveLength(refusedKinds.length);
      for (const line of summary) expect(line).toContain(missing);

      // never sent again: each refused write of a nullable field reached DataHub once
      const stats = sim.stats();
      for (const kind of refusedKinds)
        if (FIELD[kind]) expect(stats.byRootField[FIELD[kind]!], kind).toBe(planned(kind));
    },
  );
});

describe("the privileges Janus's table says a write-back needs", () => {
  it('are enough: a token holding exactly them writes the whole plan', async () => {
    // as policies grant them: platform ones, and each entity one on the entity types it is checked on
    sim = await startSim({ demo: true, tokens: { janus: writeBackToken() } });
    const first = await scanWith('janus');
    expect(first.result.failed).toEqual([]);
    expect(first.result.applied.length).toBeGreaterThan(0);
    expect(first.lines).toEqual([]);
  });
});
