/** `updateIncidentStatus` sent straight to the simulator's GraphQL, as DataHub's own UI (any client) would. */
export async function setStatusInDataHub(
  datahub: string,
  urn: string,
  input: { state: string; stage: string; message: string },
): Promise<void> {
  const res = await fetch(`${datahub}/api/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query:
        'mutation ($urn: String!, $input: IncidentStatusInput!) { updateIncidentStatus(urn: $urn, input: $input) }',
      variables: { urn, input },
    }),
  });
  const answer = JSON.stringify(await res.json());
  if (answer !== JSON.stringify({ data: { updateIncidentStatus: true } }))
    throw new Error(`updateIncidentStatus(${urn}) was not accepted: ${answer}`);
}
