import { describe, expect, it } from 'vitest';
import { DEMO } from '@janus/datahub-sim/demo';
import { acceptDatasetRisk } from '../../src/app/accept-dataset-risk.js';
import { acceptRisk } from '../../src/app/accept-risk.js';
import { createDataHubClient } from '../../src/datahub/client.js';
import { writeAcceptances } from '../../src/datahub/write-acceptances.js';
import { eventually } from '../support/service.js';
import { policy } from '../app/write-back-helpers.js';
import { alertsWorlds, textOf, type AlertsWorld } from './alerts-setup.js';

const world = alertsWorlds();

// the service reads as its own token; carol.diaz owns the leak's table and the stale raw.marketing.campaign_touches
const SERVICE = 'janus-probe-svc-9k';
const CAROL = 'carol-probe-9k';
const WRITES = ['EDIT_ENTITY', 'MANAGE_STRUCTURED_PROPERTIES'];

const parentsWith = (w: AlertsWorld, text: string) =>
  w.slack.messages.filter((m) => !m.thread_ts && textOf(m).includes(text));

describe('the change probe watches acceptances (janus serve, the simulator, a fake Slack)', () => {
  it("an acceptance made on a model and on a dataset between two upstream changes is announced at the next cycle, not at the catalog's refresh; removed, the risk is raised anew", async () => {
    const w = await world({
      sim: { token: SERVICE, tokens: { [CAROL]: { actor: 'urn:li:corpuser:carol.diaz', privileges: WRITES } } },
    });
    // the whole catalog is read once: every later cycle is the change probe's
    const t0 = Date.now();
    const serve = w.serve({
      DATAHUB_GMS_TOKEN: SERVICE,
      JANUS_CYCLE_REFRESH: '6h',
      JANUS_AS_OF: new Date(t0).toISOString(),
    });
    await serve.ready;
    await eventually(
      () => parentsWith(w, 'Target leakage').length && parentsWith(w, 'campaign_touches').length,
      'the leak and the stale table alerts',
    );
    await w.cycles(2);
    // each alert in every channel it went to (the stale table's: its owners' and the model's team's)
    const leaks = parentsWith(w, 'Target leakage');
    const stales = parentsWith(w, 'campaign_touches');

    const deps = {
      client: createDataHubClient({ url: w.sim.url, token: CAROL }),
      policy,
      admins: [],
      now: () => t0,
    };
    await acceptRisk(deps, DEMO.modelNames.fraud, { finding: 'target_leakage', reason: 'backfill running', days: 7 });
    await acceptDatasetRisk(
      deps,
      { urn: DEMO.datasets.campaignTouches, name: 'campaign_touches', kind: 'dataset' },
      { finding: 'freshness_lag', reason: 'export paused', days: 7 },
    );

    const said = (parents: typeof leaks, text: string) =>
      parents.map((p) => w.slack.replies(p.channel, p.ts).filter((r) => r.text.includes(text)).length);
    const once = (parents: typeof leaks) => parents.map(() => 1);
    await eventually(
      () => said(leaks, 'Accepted by carol.diaz').join() === once(leaks).join(),
      'the leak announced accepted',
    );
    await eventually(
      () => said(stales, 'Accepted by carol.diaz').join() === once(stales).join(),
      'the stale table announced accepted',
    );
    expect(said(stales, "'export paused'")).toEqual(once(stales));

    // quiet while accepted: nothing more said, no second alert
    await w.cycles(2);
    expect(said(leaks, 'Accepted by')).toEqual(once(leaks));
    expect(said(stales, 'Accepted by')).toEqual(once(stales));
    expect(parentsWith(w, 'campaign_touches')).toHaveLength(stales.length);
    expect(parentsWith(w, 'Target leakage')).toHaveLength(leaks.length);

    // the dataset's acceptance removed (as in DataHub's UI): the stale table is raised anew at the next cycle
    await writeAcceptances(deps.client, DEMO.datasets.campaignTouches, []);
    await eventually(
      () => parentsWith(w, 'campaign_touches').filter((m) => !m.text.startsWith('Accepted')).length === stales.length,
      'the stale table raised again',
    );
    expect(parentsWith(w, 'Target leakage').filter((m) => !m.text.startsWith('Accepted'))).toEqual([]);
    expect(await serve.stop()).toBe(0);
    expect(w.slack.unexpected).toEqual([]);
  }, 180_000);
});
