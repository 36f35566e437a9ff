import { expect } from 'vitest';

/**
 * A person (DataHub's UI, a script) changing an incident's status: `updateIncidentStatus` straight to the simulator's
 * GraphQL, not through Janus. Fails the test when DataHub does not take it.
 */
export async function setIncidentStatus(
  sim: { url: string },
  urn: string,
  input: { state: string; stage: string; message: string },
): Promise<void> {
  const res = await fetch(`${sim.url}/api/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query:
        'mutation ($urn: String!, $input: IncidentStatusInput!) { updateIncidentStatus(urn: $urn, input: $input) }',
      variables: { urn, input },
    }),
  });
  expect(await res.json()).toEqual({ data: { updateIncidentStatus: true } });
}
