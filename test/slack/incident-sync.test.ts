import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryIncidentLocks } from '../../src/app/incident-lock.js';
import { writeBackModels } from '../../src/app/write-back.js';
import { judgePolicy } from '../../src/config/index.js';
import { judgeSchema } from '../../src/config/judge.js';
import { statusFingerprint } from '../../src/core/incident-status.js';
import { keyOf } from '../../src/core/writeback/conventions.js';
import { createDataHubClient, type DataHubClient } from '../../src/datahub/client.js';
import { readIncidentFacts } from '../../src/datahub/incident-facts.js';
import { datasetsIncidentsOp } from '../../src/datahub/queries/incident.js';
import { createLogger } from '../../src/log.js';
import { DEMO } from '@janus/datahub-sim/demo';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { MemoryIncidentMessages } from '../../src/slack/incident-messages.js';
import type { SlackIncidentApi } from '../../src/slack/incident-show.js';
import { syncIncidentMessages } from '../../src/slack/incident-sync.js';
import { setIncidentStatus } from '../support/datahub-ui.js';

const policy = judgePolicy(judgeSchema.parse({}));
let sim: RunningSim;
let client: DataHubClient;
let urn: string;
beforeAll(async () => {
  sim = await startSim({ demo: true, port: 0 });
  client = createDataHubClient({ url: sim.url, retry: { retries: 0 } });
  await writeBackModels({ client, policy }, 'all', { keepVerdicts: false });
  const data = await client.request(datasetsIncidentsOp, { urns: [DEMO.datasets.stgSessions] });
  urn = data.entities![0]!.incidents!.incidents.find((i) => keyOf(i.description)?.startsWith('upstream_failure:'))!.urn;
});
afterAll(() => sim.close());

function recordingApi() {
  const calls: { method: string; args: unknown[] }[] = [];
  const api: SlackIncidentApi = {
    update: async (...args) => void calls.push({ method: 'update', args }),
    reply: async (...args) => void calls.push({ method: 'reply', args }),
    ephemeral: async (...args) => void calls.push({ method: 'ephemeral', args }),
    profile: async () => ({}),
    memberByEmail: async () => undefined,
  };
  return { api, calls };
}

describe('the reverse sync', () => {
  it('updates only the messages behind DataHub, once; skips an incident DataHub no longer has; replies when Janus reopened', async () => {
    const messages = new MemoryIncidentMessages();
    const shown = (await readIncidentFacts(client, urn))!.status;
    await messages.save(
      { channel: 'C1', ts: '1.1', text: 'alert', blocks: [], shown: { [urn]: statusFingerprint(shown) } },
      [urn],
    );
    await messages.save({ channel: 'C1', ts: '2.1', threadTs: '0.1', text: 'reply', blocks: [], shown: {} }, [urn]);
    await messages.save({ channel: 'C1', ts: '3.1', text: 'gone', blocks: [], shown: {} }, ['urn:li:incident:deleted']);
    const { api, calls } = recordingApi();
    const deps = {
      client,
      messages,
      api,
      locks: memoryIncidentLocks(),
      logger: createLogger({ level: 'silent', format: 'json' }),
    };

    // the second message never showed a status: drawn once; the first is up to date
    expect(await syncIncidentMessages(deps)).toEqual({ tracked: 2, updated: 1, replies: 0, failed: 0 });
    expect(calls.map((c) => [c.method, c.args[1]])).toEqual([['update', '2.1']]);
    expect(await syncIncidentMessages(deps)).toMatchObject({ updated: 0 });

    await setIncidentStatus(sim, urn, { state: 'RESOLVED', stage: 'FIXED', message: 'Resolved in the UI' });
    await setIncidentStatus(sim, urn, {
      state: 'ACTIVE',
      stage: 'TRIAGE',
      message: 'Reopened by Janus: the evidence is still there.',
    });
    calls.length = 0;
    expect(await syncIncidentMessages(deps)).toEqual({ tracked: 2, updated: 2, replies: 2, failed: 0 });
    expect(calls.filter((c) => c.method === 'reply').map((c) => c.args.slice(0, 2))).toEqual([
      ['C1', '1.1'],
      ['C1', '0.1'],
    ]);
    const drawn = calls.filter((c) => c.method === 'update').map((c) => JSON.stringify(c.args[3]));
    expect(drawn).toHaveLength(2);
    for (const blocks of drawn) expect(blocks).toContain('*Reopened* by Janus');
  });

  it("Janus reopened someone's resolution: the reply mentions them when Slack knows their email, else names them", async () => {
    const messages = new MemoryIncidentMessages();
    await messages.save({ channel: 'C2', ts: '5.1', text: 'alert', blocks: [], shown: {} }, [urn]);
    const { api, calls } = recordingApi();
    const lookups: string[] = [];
    const deps = {
      client,
      messages,
      api: {
        ...api,
        memberByEmail: async (e: string) => (lookups.push(e), e.startsWith('carol') ? 'U0CAROL01' : undefined),
      },
      locks: memoryIncidentLocks(),
      logger: createLogger({ level: 'silent', format: 'json' }),
    };
    const reopen = (who: string) =>
      setIncidentStatus(sim, urn, {
        state: 'ACTIVE',
        stage: 'TRIAGE',
        message: `Reopened by Janus: the evidence is still there on stg_sessions. It failed.\n${who} resolved as Fixed: "Re-ran it."`,
      });
    await reopen('Carol Diaz (carol.diaz@acmepay.example)');
    expect(await syncIncidentMessages(deps)).toMatchObject({ updated: 1, replies: 1 });
    const text = () => String(calls.filter((c) => c.method === 'reply').at(-1)!.args[2]);
    expect(text()).toBe(
      ':rotating_light: Janus reopened this incident: the evidence is still there on stg_sessions. It failed.\n' +
        '<@U0CAROL01> had resolved it as fixed, and Janus still sees the problem.\n>Re-ran it.',
    );
    const drawn = JSON.stringify(calls.find((c) => c.method === 'update')!.args[3]);
    expect(drawn).toContain('Re-ran it.');
    await reopen('Dev Patel (dev.patel@acmepay.example)');
    await syncIncidentMessages(deps);
    expect(text()).toContain('*Dev Patel* had resolved it as fixed');
    expect(lookups).toEqual(['carol.diaz@acmepay.example', 'dev.patel@acmepay.example']);
  });

  it('a message chat.update can never reach (an ephemeral tracked by an older Janus) is forgotten, not retried every cycle', async () => {
    const messages = new MemoryIncidentMessages();
    await messages.save({ channel: 'C1', ts: '9.1', text: 'ephemeral', blocks: [], shown: {} }, [urn]);
    const { api, calls } = recordingApi();
    const refusing: SlackIncidentApi = {
      ...api,
      update: async () => {
        calls.push({ method: 'update', args: [] });
        throw Object.assign(new Error('An API error occurred: message_not_found'), {
          data: { ok: false, error: 'message_not_found' },
        });
      },
    };
    const deps = {
      client,
      messages,
      api: refusing,
      locks: memoryIncidentLocks(),
      logger: createLogger({ level: 'silent', format: 'json' }),
    };
    expect(await syncIncidentMessages(deps)).toMatchObject({ tracked: 1, updated: 0, failed: 1 });
    expect(await messages.get('C1', '9.1')).toBeUndefined();
    expect(await syncIncidentMessages(deps)).toMatchObject({ updated: 0, failed: 0 });
    expect(calls.filter((c) => c.method === 'update')).toHaveLength(1);
  });
});
