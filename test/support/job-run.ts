import { jobRunProposals, type Proposal } from '@janus/datahub-sim/ingest-client';

/** A new run of a job, finished with `result` (how DataHub's Airflow plugin records one). */
export function jobRun(
  job: string,
  result: 'FAILURE' | 'SUCCESS',
  at = Date.now(),
  /** The run's instance urn and ingestion run id. */
  ids = { urn: `urn:li:dataProcessInstance:alerts-test-${at}`, runId: `alerts-test-${at}` },
): Proposal[] {
  return jobRunProposals({ job, result, at, urn: ids.urn, name: ids.urn, runId: ids.runId });
}
