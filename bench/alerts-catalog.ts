/**
 * The alerts bench's catalog: one table (`raw.events`, with a row-count assertion) upstream of every model through
 * one training job, the models owned by `teams` teams in turn (each a DataHub group with a Slack channel, and one
 * member who owns the team's models with it), the table and the job owned by the first team. A failing result of
 * the assertion is one root cause hurting every model: one alert in each team's channel.
 */
import { auditStamp, dataJobInfo, dataJobInputOutput, ownership } from '@janus/datahub-sim/demo';
import {
  assertionUrn,
  corpGroupUrn,
  corpUserUrn,
  dataFlowUrn,
  dataJobUrn,
  datasetUrn,
  mcp,
  mlModelUrn,
  type McpRecord,
} from '@janus/datahub-sim/demo';

export interface AlertsCatalog {
  records: McpRecord[];
  dataset: string;
  assertion: string;
  /** Team i's channel, group and member (with the email Slack knows them by). */
  teams: { channel: string; group: string; user: string; email: string; slackId: string }[];
  models: string[];
}

const pad = (n: number, w = 3) => String(n).padStart(w, '0');

export function alertsCatalog(models: number, teamCount: number, now = Date.now()): AlertsCatalog {
  const dataset = datasetUrn('snowflake', 'raw.events');
  const assertion = assertionUrn('bench-alerts-row-count');
  const flow = dataFlowUrn('airflow', 'bench_training');
  const job = dataJobUrn(flow, 'train_models');
  const teams = Array.from({ length: teamCount }, (_, i) => ({
    channel: `team-${pad(i, 2)}-alerts`,
    group: corpGroupUrn(`team-${pad(i, 2)}`),
    user: corpUserUrn(`owner.${pad(i, 2)}`),
    email: `owner.${pad(i, 2)}@bench.example`,
    slackId: `U0BENCH${pad(i, 2)}`,
  }));
  const created = auditStamp(now - 86_400_000);
  const records: McpRecord[] = [];
  for (const t of teams) {
    records.push(
      mcp(t.group, 'corpGroupInfo', {
        displayName: t.group.replace('urn:li:corpGroup:', ''),
        admins: [t.user],
        members: [t.user],
        groups: [],
        slack: t.channel,
        created,
      }),
      mcp(t.user, 'corpUserInfo', {
        customProperties: {},
        active: true,
        displayName: t.email,
        email: t.email,
        system: false,
      }),
      mcp(t.user, 'corpUserStatus', { status: 'ACTIVE', lastModified: created }),
      mcp(t.user, 'corpUserEditableInfo', { teams: [], skills: [], slack: t.slackId, email: t.email }),
      mcp(t.user, 'groupMembership', { groups: [t.group] }),
    );
  }
  const first = teams[0]!;
  const owners = (t: (typeof teams)[number]) =>
    ownership(
      [
        [t.group, 'TECHNICAL_OWNER'],
        [t.user, 'TECHNICAL_OWNER'],
      ],
      now - 86_400_000,
    );
  records.push(
    mcp(dataset, 'datasetProperties', { customProperties: {}, name: 'events', qualifiedName: 'raw.events', tags: [] }),
    mcp(dataset, 'ownership', owners(first)),
    mcp(flow, 'dataFlowInfo', { customProperties: {}, name: 'bench_training' }),
    mcp(flow, 'ownership', owners(first)),
    mcp(job, 'dataJobInfo', dataJobInfo('train_models', flow, 'Trains every model of the bench.')),
    mcp(job, 'dataJobInputOutput', dataJobInputOutput([dataset], [])),
    mcp(job, 'ownership', owners(first)),
    mcp(assertion, 'assertionInfo', {
      customProperties: {},
      type: 'DATASET',
      datasetAssertion: {
        dataset,
        scope: 'DATASET_ROWS',
        aggregation: 'ROW_COUNT',
        operator: 'GREATER_THAN',
        parameters: { value: { value: '0', type: 'NUMBER' } },
      },
      source: { type: 'EXTERNAL', created },
    }),
  );
  const urns: string[] = [];
  for (let i = 0; i < models; i++) {
    const urn = mlModelUrn('mlflow', `bench_model_${pad(i)}`);
    urns.push(urn);
    records.push(
      mcp(urn, 'mlModelProperties', {
        customProperties: {},
        name: `bench_model_${pad(i)}`,
        trainingJobs: [job],
        mlFeatures: [],
        tags: [],
        groups: [],
        downstreamJobs: [],
        deployments: [],
      }),
      mcp(urn, 'ownership', owners(teams[i % teamCount]!)),
    );
  }
  return { records, dataset, assertion, teams, models: urns };
}

/** A result of the bench's assertion, as `ingestProposal` sends it. */
export function checkResult(c: AlertsCatalog, result: 'FAILURE' | 'SUCCESS', at = Date.now()) {
  return {
    entityType: 'assertion',
    entityUrn: c.assertion,
    aspectName: 'assertionRunEvent',
    aspect: {
      timestampMillis: at,
      runId: `bench-alerts-${at}`,
      asserteeUrn: c.dataset,
      assertionUrn: c.assertion,
      status: 'COMPLETE',
      result: { type: result },
      partitionSpec: { partition: 'FULL_TABLE_SNAPSHOT', type: 'FULL_TABLE' },
    },
  };
}
