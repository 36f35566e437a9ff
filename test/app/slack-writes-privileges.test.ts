import { afterEach, describe, expect, it } from 'vitest';
import { startSim, type RunningSim } from '@janus/datahub-sim';
import { DEMO } from '@janus/datahub-sim/demo';
import { ingestProposal } from '@janus/datahub-sim/ingest-client';
import { createDataHubClient } from '../../src/datahub/client.js';
import { addTechnicalOwner } from '../../src/datahub/claim-ownership.js';
import { writeIncidentStatus } from '../../src/datahub/incident-facts.js';

let sim: RunningSim | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

const INCIDENT = 'urn:li:incident:slack-test';
const STAMP = { time: 1, actor: 'urn:li:corpuser:datahub' };

/** The Slack app's writes, with a token that may not make them: the error says which privilege it lacks. */
describe("the Slack app's writes refused for a missing privilege", () => {
  it('name the privilege an incident button and an ownership claim need', async () => {
    sim = await startSim({
      demo: true,
      token: 'admin',
      tokens: { 'janus-tags-only-token': { actor: 'urn:li:corpuser:janus', privileges: ['EDIT_ENTITY_TAGS'] } },
    });
    const ingested = await ingestProposal(
      sim.url,
      {
        entityType: 'incident',
        entityUrn: INCIDENT,
        aspectName: 'incidentInfo',
        aspect: {
          type: 'OPERATIONAL',
          entities: [DEMO.datasets.transactions],
          status: { state: 'ACTIVE', lastUpdated: STAMP },
          created: STAMP,
        },
      },
      { token: 'admin' },
    );
    expect(ingested.status).toBe(200);
    const client = createDataHubClient({ url: sim.url, token: 'janus-tags-only-token' });
    await expect(
      writeIncidentStatus(client, INCIDENT, { state: 'RESOLVED', stage: 'FIXED', message: 'fixed upstream' }),
    ).rejects.toMatchObject({
      status: 403,
      message: expect.stringContaining('EDIT_ENTITY_INCIDENTS (or EDIT_ENTITY) on datasets') as string,
    });
    await expect(addTechnicalOwner(client, DEMO.models.fraud, DEMO.users.alice)).rejects.toMatchObject({
      status: 403,
      message: expect.stringContaining('EDIT_ENTITY_OWNERS') as string,
    });
  });
});
