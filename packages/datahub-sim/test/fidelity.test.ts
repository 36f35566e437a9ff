import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim, type RunningSim } from '../src/index.js';
import { GET_FEATURE } from './support/ops-examples.js';

// Operations written only against DataHub's schema (from the shared reference's examples, verbatim),
// answered over HTTP from a catalog in DataHub's own file format.
let sim: RunningSim;
beforeAll(async () => {
  sim = await startSim({
    catalogs: [fileURLToPath(new URL('./fixtures/datahub/fidelity.json', import.meta.url))],
    port: 0,
  });
});
afterAll(() => sim.close());

async function post(query: string, variables: Record<string, unknown>) {
  const res = await fetch(`${sim.url}/api/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  expect(res.status).toBe(200);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test reads the answer loosely
  return (await res.json()) as any;
}

describe('the simulator answers as DataHub would for the same metadata', () => {
  it('loads the MCE and both MCP forms with no problem', () => {
    expect(sim.loadReport).toMatchObject({ records: 5, applied: 6, errors: [], warnings: [] }); // applied counts aspects: the MCE carries two
  });

  it('JanusGetFeature: key-derived names, dataset-only sources, owner with status from the later aspect', async () => {
    const body = await post(GET_FEATURE, { urn: 'urn:li:mlFeature:(txn,amount_avg)' });
    expect(body).toEqual({
      data: {
        mlFeature: {
          urn: 'urn:li:mlFeature:(txn,amount_avg)',
          name: 'amount_avg',
          featureNamespace: 'txn',
          dataType: 'CONTINUOUS',
          properties: {
            description: '30 day average',
            dataType: 'CONTINUOUS',
            sources: [
              {
                urn: 'urn:li:dataset:(urn:li:dataPlatform:snowflake,features.txn,PROD)',
                name: 'features.txn',
                platform: { name: 'snowflake' },
              },
            ],
          },
          ownership: {
            owners: [
              {
                owner: {
                  urn: 'urn:li:corpuser:jdoe',
                  username: 'jdoe',
                  status: 'SUSPENDED',
                  properties: { active: false, displayName: 'Jane Doe', email: 'jdoe@example.com' },
                  editableProperties: { displayName: null, email: null, slack: 'U0JDOE' },
                },
                ownershipType: {
                  urn: 'urn:li:ownershipType:__system__technical_owner',
                  info: { name: 'Technical Owner' },
                },
                associatedUrn: 'urn:li:mlFeature:(txn,amount_avg)',
              },
            ],
            lastModified: { time: 1700000000000, actor: 'urn:li:corpuser:ingestion' },
          },
        },
      },
    });
  });

  it('rejects what DataHub rejects: a field its schema does not have', async () => {
    const body = await post('query { mlFeature(urn: "urn:li:mlFeature:(txn,amount_avg)") { columns } }', {});
    expect(body.data).toBeUndefined();
    expect(body.errors[0].message).toMatch(/Cannot query field "columns" on type "MLFeature"/);
  });

  it('finds a user by email with the email filter, as DataHub indexes it', async () => {
    const body = await post(
      `query JanusUserByEmail($email: String!) {
        searchAcrossEntities(input: { types: [CORP_USER], query: "*", count: 5, orFilters: [{ and: [{ field: "email", values: [$email] }] }] }) {
          total
          searchResults { entity { urn ... on CorpUser { username status properties { email active } editableProperties { slack } } } }
        }
      }`,
      { email: 'jdoe@example.com' },
    );
    expect(body.data.searchAcrossEntities.total).toBe(1);
    expect(body.data.searchAcrossEntities.searchResults[0].entity).toEqual({
      urn: 'urn:li:corpuser:jdoe',
      username: 'jdoe',
      status: 'SUSPENDED',
      properties: { email: 'jdoe@example.com', active: false },
      editableProperties: { slack: 'U0JDOE' },
    });
  });
});
