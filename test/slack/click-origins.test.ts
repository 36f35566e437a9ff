import { beforeAll, describe, expect, it } from 'vitest';
import { readIncidentFacts } from '../../src/datahub/incident-facts.js';
import { OrphanStore } from '../../src/slack/orphan-store.js';
import { DEMO } from '@janus/datahub-sim/demo';
import { redisWithPrefixes } from '../support/redis-prefixes.js';
import { eventually } from '../support/service.js';
import { BOT } from './fake-slack.js';
import { demoWithHomeIncidents, ephemeralClick, homeClick } from './home-clicks.js';
import { useIncidentBed } from './incident-bed.js';
import { callsOf, ERIN, postInteraction, type Json } from './incident-slack.js';

/**
 * Incident buttons clicked where Slack gives no message to `chat.update`: App Home (a `view` container, no
 * `response_url`) and an ephemeral answer (`container.is_ephemeral`, a `response_url`). Real Bolt, signed requests,
 * the simulator, the fake Slack, Redis for App Home's incidents (the alerts' states) and the message store.
 */

const ACK = 'janus.incident.ack';
const { redis, prefix: newPrefix } = redisWithPrefixes();
const prefix = newPrefix();
let demo: Awaited<ReturnType<typeof demoWithHomeIncidents>>;
const bed = useIncidentBed({
  members: [ERIN],
  start: async () => (demo = await demoWithHomeIncidents(redis, prefix)),
  redis,
  env: { JANUS_REDIS_PREFIX: prefix },
});
let sessions: string;
let uplift: string;

beforeAll(async () => {
  ({ sessions, uplift } = demo);
  bed.slack.methods['views.publish'] = (b) => ({ ok: true, view: { id: 'VHOME01', ...JSON.parse(b.view ?? '{}') } });
  // the history is the harness's own: give it the scan
  for (const v of demo.scan.verdicts) await bed.janus.history.record(v);
});

const homes = () => callsOf(bed.slack, 'views.publish').filter((c) => c.user_id === ERIN.id);
const updateIncidentWrites = () =>
  bed.sim.requests().filter((r) => /^JanusUpdateIncident(Status)?$/.test(r.operation ?? '') && r.status === 200).length;
const buttonsFor = (blocks: Json[], urn: string) =>
  blocks.flatMap((b) =>
    b.type === 'actions' ? b.elements.filter((e: Json) => e.value === urn).map((e: Json) => e.action_id) : [],
  );
const badLogs = () =>
  bed.janus
    .logs()
    .filter((l) => /unhandled|is not a function/i.test(`${String(l.msg)} ${JSON.stringify(l.err ?? '')}`));

describe('a click in App Home (no response_url)', () => {
  it('acknowledges once, answers the clicker privately on their Home, and draws Home again with the real state', async () => {
    const writes = updateIncidentWrites();
    const published = homes().length;
    const res = await postInteraction(bed.janus.endpoint, homeClick(ERIN.id, ACK, sessions));
    expect(res.status).toBe(200);
    await eventually(() => homes().length > published, 'App Home published again');
    expect((await readIncidentFacts(bed.client, sessions))!.status).toMatchObject({
      state: 'ACTIVE',
      stage: 'INVESTIGATION',
    });
    expect(updateIncidentWrites() - writes).toBe(1);

    const home = homes().at(-1)!.view as { type: string; blocks: Json[] };
    expect(home.type).toBe('home');
    const text = JSON.stringify(home.blocks);
    // the answer, on top of the clicker's own Home (views.publish is per user: nobody else sees it)
    expect(JSON.stringify(home.blocks.slice(0, 3))).toMatch(/Done: :eyes: \*Acknowledged\* by Erin Walsh/);
    // the acknowledged incident offers Resolve only; the other, still open, Acknowledge and Resolve
    expect(buttonsFor(home.blocks, sessions)).toEqual(['janus.incident.resolve', 'janus.incident.assign']);
    expect(buttonsFor(home.blocks, uplift)).toEqual([ACK, 'janus.incident.resolve', 'janus.incident.assign']);
    expect(text).toContain('Open incidents on your models and tables* (2)');
    // nothing was posted anywhere else, and Bolt saw no error
    expect(callsOf(bed.slack, 'chat.update')).toEqual([]);
    expect(callsOf(bed.slack, 'chat.postEphemeral')).toEqual([]);
    expect(bed.slack.responses).toEqual([]);
    expect(badLogs()).toEqual([]);

    // a second click on the stale Home: nothing written, and Home says where it is
    await postInteraction(bed.janus.endpoint, homeClick(ERIN.id, ACK, sessions));
    await eventually(() => homes().length > published + 1, 'App Home published a second time');
    expect(updateIncidentWrites() - writes).toBe(1);
    expect(JSON.stringify(homes().at(-1)!.view.blocks.slice(0, 3))).toContain('already acknowledged by Erin Walsh');
    expect(badLogs()).toEqual([]);
  });

  it('Resolve from App Home opens the modal (the trigger is there), and its submission draws Home again', async () => {
    await postInteraction(bed.janus.endpoint, homeClick(ERIN.id, 'janus.incident.resolve', uplift));
    const opened = await eventually(() => callsOf(bed.slack, 'views.open').at(-1), 'the Resolve modal');
    const meta = JSON.parse(opened.view.private_metadata as string) as Json;
    expect(meta).toMatchObject({ urn: uplift, from: 'home' });
    const published = homes().length;
    await postInteraction(bed.janus.endpoint, {
      type: 'view_submission',
      team: { id: BOT.teamId, domain: 'janus-test' },
      user: { id: ERIN.id, username: 'erin.walsh', name: 'erin.walsh', team_id: BOT.teamId },
      api_app_id: 'A0JANUS01',
      token: 'legacy-verification-token',
      trigger_id: `${Date.now()}.5678.fedcba`,
      view: {
        id: 'V0RESOLVE1',
        team_id: BOT.teamId,
        type: 'modal',
        callback_id: 'janus.incident.resolve',
        private_metadata: opened.view.private_metadata,
        hash: '1760000000.abcdef',
        blocks: [],
        state: {
          values: {
            stage: { stage: { type: 'radio_buttons', selected_option: { value: 'FIXED' } } },
            note: { note: { type: 'plain_text_input', value: 'Owner added' } },
          },
        },
      },
      response_urls: [],
    });
    await eventually(() => homes().length > published, 'App Home published after the submission');
    expect((await readIncidentFacts(bed.client, uplift))!.status).toMatchObject({ state: 'RESOLVED', stage: 'FIXED' });
    const home = homes().at(-1)!.view as { blocks: Json[] };
    expect(buttonsFor(home.blocks, uplift)).toEqual(['janus.incident.reopen']);
    expect(JSON.stringify(home.blocks.slice(0, 3))).toContain('*Resolved: fixed* by Erin Walsh');
    expect(callsOf(bed.slack, 'chat.postEphemeral')).toEqual([]);
    expect(badLogs()).toEqual([]);
  });
});

describe('a click on an ephemeral message (container.is_ephemeral)', () => {
  const tracked = async () => redis.keys(`${prefix}:slack:msg:*`);

  it('is answered through its response_url, never chat.update, and never tracked for the reverse sync', async () => {
    // reopen the incident resolved above: a button on a private /janus trust answer
    const { id, url } = bed.slack.responseUrl();
    const writes = updateIncidentWrites();
    await postInteraction(bed.janus.endpoint, ephemeralClick(ERIN.id, 'janus.incident.reopen', uplift, url));
    const answer = (await bed.slack.posted(id)) as Json;
    expect(updateIncidentWrites() - writes).toBe(1);
    expect((await readIncidentFacts(bed.client, uplift))!.status.state).toBe('ACTIVE');
    // no blocks in the payload to redraw: a new private answer says where the incident is
    expect(answer.replace_original).toBe(false);
    expect(answer.response_type).toBe('ephemeral');
    expect(JSON.stringify(answer.blocks)).toContain('*Reopened* by Erin Walsh');
    expect(callsOf(bed.slack, 'chat.update')).toEqual([]);
    expect(await tracked()).toEqual([]);
    expect(badLogs()).toEqual([]);
  });

  it('with its blocks in the payload: the ephemeral is replaced in place through response_url', async () => {
    const { id, url } = bed.slack.responseUrl();
    const blocks: Json[] = [
      { type: 'section', block_id: 'verdict', text: { type: 'mrkdwn', text: '*campaign_uplift_v1* 41/100' } },
      {
        type: 'actions',
        block_id: 'own',
        elements: [
          { type: 'button', action_id: ACK, text: { type: 'plain_text', text: 'Acknowledge' }, value: uplift },
          {
            type: 'button',
            action_id: 'janus.incident.resolve',
            text: { type: 'plain_text', text: 'Resolve' },
            value: uplift,
          },
        ],
      },
    ];
    const writes = updateIncidentWrites();
    await postInteraction(bed.janus.endpoint, ephemeralClick(ERIN.id, ACK, uplift, url, { text: 'trust', blocks }));
    const replaced = (await bed.slack.posted(id)) as Json;
    expect(updateIncidentWrites() - writes).toBe(1);
    expect(replaced.replace_original).toBe(true);
    const drawn = replaced.blocks as Json[];
    // the verdict stays; the incident's controls show it acknowledged, offering Resolve
    expect(drawn[0]).toEqual(blocks[0]);
    expect(JSON.stringify(drawn)).toContain('*Acknowledged* by Erin Walsh');
    expect(buttonsFor(drawn, uplift)).toEqual(['janus.incident.resolve', 'janus.incident.assign']);
    expect(callsOf(bed.slack, 'chat.update')).toEqual([]);
    expect(await tracked()).toEqual([]);
    expect(badLogs()).toEqual([]);
  });
});

describe('Claim ownership in App Home', () => {
  it('claims, and publishes Home again with the answer on top and the orphan no longer offered', async () => {
    const table = DEMO.ownership.unownedTable;
    await new OrphanStore(redis, prefix).begin(
      [
        {
          urn: table,
          name: 'uplift_training_set',
          kind: 'dataset',
          departed: [],
          models: [DEMO.models.campaignUplift],
          modelCount: 1,
        },
      ],
      Date.now(),
    );
    const published = homes().length;
    await postInteraction(bed.janus.endpoint, homeClick(ERIN.id, 'janus.owner.claim', table));
    await eventually(() => homes().length > published, 'App Home published after the claim');
    const home = homes().at(-1)!.view as { blocks: Json[] };
    expect(JSON.stringify(home.blocks.slice(0, 3))).toContain('You now own');
    expect(JSON.stringify(home.blocks)).not.toContain('janus.owner.claim');
    expect(bed.slack.responses.filter((r) => JSON.stringify(r.body).includes('You now own'))).toEqual([]);
    expect(badLogs()).toEqual([]);
  });
});
