import { describe, expect, it } from 'vitest';
import { DEMO } from '@janus/datahub-sim/demo';
import { keyOf } from '../../src/core/writeback/conventions.js';
import { createDataHubClient } from '../../src/datahub/client.js';
import { datasetsIncidentsOp } from '../../src/datahub/queries/incident.js';
import { SLACK_PATH } from '../../src/slack/bolt-app.js';
import { eventually } from '../support/service.js';
import { alertsWorlds, jobRun, SLACK_IDS, textOf, type AlertsWorld } from './alerts-setup.js';
import type { FakeMessage } from './fake-slack.js';
import { blockActions, postInteraction } from './incident-slack.js';
import { setIncidentStatus } from '../support/datahub-ui.js';

/**
 * The alerts and the incident buttons together, as `janus serve` runs them: the alert messages Argos posts are the
 * ones DataHub's incident changes come back to (the reverse sync), and a person's NO_ACTION_REQUIRED holds until the
 * evidence changes, when the root cause is raised again, with a new alert.
 */

const SESSIONS_KEY = `upstream_failure:${DEMO.jobs.buildStgSessions}`;
const openWorld = alertsWorlds();

/** Janus's incidents of the stale sessions table's failing job, oldest first. */
async function sessionIncidents(world: AlertsWorld) {
  const client = createDataHubClient({ url: world.sim.url });
  const data = await client.request(datasetsIncidentsOp, { urns: [DEMO.datasets.stgSessions] });
  return (data.entities?.[0]?.incidents?.incidents ?? [])
    .filter((i) => keyOf(i.description) === SESSIONS_KEY)
    .sort((a, b) => (a.created?.time ?? 0) - (b.created?.time ?? 0));
}

/** The alert messages (thread parents) whose buttons act on an incident. */
const showing = (world: AlertsWorld, urn: string): FakeMessage[] =>
  world.slack.messages.filter((m) => !m.thread_ts && JSON.stringify(m.blocks).includes(`"value":"${urn}"`));

describe('alerts and their DataHub incidents (janus serve, the simulator, a fake Slack)', () => {
  it('an incident resolved in DataHub updates its alerts within one cycle; NO_ACTION_REQUIRED holds until the evidence changes, then a new alert', async () => {
    const world = await openWorld();
    world.slack.methods['users.info'] = (b) =>
      b.user === SLACK_IDS.erin
        ? {
            ok: true,
            user: {
              id: SLACK_IDS.erin,
              name: 'erin.walsh',
              real_name: 'Erin Walsh',
              is_bot: false,
              profile: { real_name: 'Erin Walsh', email: 'erin.walsh@acmepay.example' },
            },
          }
        : { ok: false, error: 'user_not_found' };
    const serve = world.serve();
    await serve.ready;
    const first = await eventually(async () => (await sessionIncidents(world))[0], 'the failing job’s incident');
    const alerts = await eventually(() => {
      const list = showing(world, first.urn);
      return list.length ? list : undefined;
    }, 'the alerts showing it');
    await world.cycles(2);
    const posted = showing(world, first.urn);
    expect(posted.length).toBeGreaterThanOrEqual(alerts.length);
    const editsBefore = posted.map((m) => m.edits.length);

    // resolved in DataHub's own UI (GraphQL straight to the simulator): every alert showing it says so
    await setIncidentStatus(world.sim, first.urn, {
      state: 'RESOLVED',
      stage: 'NO_ACTION_REQUIRED',
      message: 'Closed in the DataHub UI',
    });
    // a cycle may be under way when the change lands: the next one started after it syncs
    await world.cycles(2);
    for (const [i, m] of posted.entries()) {
      expect(m.edits.length, `${m.channel} ${m.ts} edited`).toBeGreaterThan(editsBefore[i]!);
      expect(textOf(m)).toContain('Resolved: no action required');
      expect(textOf(m)).toContain('Closed in the DataHub UI');
      expect(textOf(m)).not.toContain('janus.incident.ack');
      expect(textOf(m)).toContain('janus.incident.reopen');
      // the alert itself is still there around the incident's new status
      expect(textOf(m)).toContain('Upstream failure');
    }

    // five cycles: the person's decision holds (no new incident, nothing new posted about it)
    const said = world.slack.messages.length;
    await world.cycles(5);
    expect((await sessionIncidents(world)).map((i) => i.urn)).toEqual([first.urn]);
    expect(world.slack.messages.length).toBe(said);

    // the job fails again (new evidence): raised again, a new incident and a new alert in the same channels
    await world.ingest(jobRun(DEMO.jobs.buildStgSessions, 'FAILURE'));
    const again = await eventually(async () => (await sessionIncidents(world))[1], 'raised again');
    const fresh = await eventually(() => {
      const list = showing(world, again.urn);
      return list.length >= posted.length ? list : undefined;
    }, 'the new alerts');
    expect(fresh.map((m) => m.channel).sort()).toEqual(posted.map((m) => m.channel).sort());
    expect(fresh.every((m) => !posted.includes(m))).toBe(true);
    expect(textOf(fresh[0]!)).toContain('janus.incident.ack');

    // a click on the new alert finds it recorded: Acknowledge edits it in place
    const message = fresh[0]!;
    const reply = await postInteraction(
      `${serve.http}${SLACK_PATH}`,
      blockActions({
        user: SLACK_IDS.erin,
        actionId: 'janus.incident.ack',
        value: again.urn,
        channel: message.channel,
        message: { ts: message.ts, text: message.text, blocks: message.blocks },
        responseUrl: world.slack.responseUrl().url,
      }),
    );
    expect(reply.status).toBe(200);
    await eventually(() => textOf(message).includes('Acknowledged* by Erin Walsh'), 'the alert shows the ack');
    expect(textOf(message)).toContain('Upstream failure');
    expect(world.problems()).toEqual([]);
    expect(world.slack.unexpected).toEqual([]);
  }, 240_000);
});
