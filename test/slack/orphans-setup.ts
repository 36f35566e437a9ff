import { DEMO } from '@janus/datahub-sim/demo';
import { SLACK_IDS, type AlertsWorld } from './alerts-setup.js';
import { answerUsersInfo, type FakeMessage, type FakeSlack } from './fake-slack.js';
import { blockActions, postInteraction } from './incident-slack.js';

/** What the orphan tests share: the members who click, finding the pings, clicking Claim, reading owners back. */

const MEMBERS = [
  { id: SLACK_IDS.erin, name: 'Erin Walsh', email: 'erin.walsh@acmepay.example' },
  { id: SLACK_IDS.alice, name: 'Alice Chen', email: 'alice.chen@acmepay.example' },
];

/** `users.info` as Slack answers it (the email needs `users:read.email`). */
export function withMembers(fake: FakeSlack): void {
  answerUsersInfo(fake, MEMBERS);
}

export const FCT = DEMO.datasets.fctTransactions;
export const CLAIM = 'janus.owner.claim';
export const claimButtonFor = (m: FakeMessage, urn: string) => JSON.stringify(m.blocks).includes(`"value":"${urn}"`);
/** Messages posted with a Claim button for the urn (as first posted: a claim edits it). */
export const pingsOf = (w: AlertsWorld, urn: string) =>
  w.slack.messages.filter((m) => {
    const posted = m.edits[0] ?? m;
    return !m.thread_ts && JSON.stringify(posted.blocks).includes(CLAIM) && JSON.stringify(posted.blocks).includes(urn);
  });
export const channelName = (w: AlertsWorld, m: FakeMessage) => w.slack.channel(m.channel)?.name ?? m.channel;

/** Who owns a dataset (or a model) in the simulator, as DataHub's GraphQL answers: `<owner> <ownership type>`. */
export async function ownersIn(
  w: AlertsWorld,
  urn: string,
  entity: 'dataset' | 'mlModel' = 'dataset',
): Promise<string[]> {
  const r = await fetch(`${w.sim.url}/api/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: `query($urn: String!) { ${entity}(urn: $urn) { ownership { owners { owner { ... on CorpUser { urn } ... on CorpGroup { urn } } ownershipType { urn } } } } }`,
      variables: { urn },
    }),
  });
  const body = (await r.json()) as {
    data: Record<
      string,
      { ownership: { owners: { owner: { urn: string }; ownershipType?: { urn: string } }[] } | null }
    >;
  };
  return (body.data[entity]?.ownership?.owners ?? []).map((o) => `${o.owner.urn} ${o.ownershipType?.urn ?? ''}`);
}

/** A member clicks Claim on a message (a signed block_actions request); `reply` is what Argos answered them. */
export function claim(w: AlertsWorld, endpoint: string, user: string, m: FakeMessage, value: string) {
  const responder = w.slack.responseUrl();
  const sent = postInteraction(
    endpoint,
    blockActions({
      user,
      actionId: CLAIM,
      value,
      message: { ts: m.ts, text: m.text, blocks: m.blocks },
      responseUrl: responder.url,
      channel: m.channel,
    }),
  );
  return { sent, reply: () => w.slack.posted(responder.id) };
}

/** Takes every owner off an entity, as an ingestion run would. */
export const unown = (w: AlertsWorld, entityUrn: string, entityType = 'dataset') =>
  w.ingest({
    entityType,
    entityUrn,
    aspectName: 'ownership',
    aspect: { owners: [], ownerTypes: {}, lastModified: { time: Date.now(), actor: 'urn:li:corpuser:datahub' } },
    systemMetadata: { runId: 'orphans-test', lastObserved: Date.now() },
  });
