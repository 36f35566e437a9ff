import type { Proposal } from '@janus/datahub-sim/ingest-client';

/** A new run of a job, finished with `result` (how DataHub's Airflow plugin records one). */
export function jobRun(
  job: string,
  result: 'FAILURE' | 'SUCCESS',
  at = Date.now(),
  /** The run's instance urn and ingestion run id. */
  ids = { urn: `urn:li:dataProcessInstance:alerts-test-${at}`, runId: `alerts-test-${at}` },
): Proposal[] {
  const urn = ids.urn;
  const run = { runId: ids.runId, lastObserved: at };
  return [
    {
      entityType: 'dataProcessInstance',
      entityUrn: urn,
      aspectName: 'dataProcessInstanceProperties',
      aspect: {
        customProperties: {},
        name: urn,
        type: 'BATCH_SCHEDULED',
        created: { time: at, actor: 'urn:li:corpuser:airflow' },
      },
      systemMetadata: run,
    },
    {
      entityType: 'dataProcessInstance',
      entityUrn: urn,
      aspectName: 'dataProcessInstanceRelationships',
      aspect: { parentTemplate: job, upstreamInstances: [] },
      systemMetadata: run,
    },
    {
      entityType: 'dataProcessInstance',
      entityUrn: urn,
      aspectName: 'dataProcessInstanceRunEvent',
      aspect: {
        timestampMillis: at,
        partitionSpec: { partition: 'FULL_TABLE_SNAPSHOT', type: 'FULL_TABLE' },
        status: 'COMPLETE',
        result: { type: result, nativeResultType: 'airflow' },
        attempt: 1,
      },
    },
  ];
}
