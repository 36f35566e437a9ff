/**
 * Airflow flows and jobs with their inputs and outputs, their runs (dataProcessInstances), and the
 * `operation` each successful run reports on the table it writes.
 */
import { parseUrn } from '../urn.js';
import {
  dataJobInfo, dataJobInputOutput, HOUR_MS, operation, ownership, runRecords, type RunResult,
} from './aspects.js';
import { mcp, type MetadataRecord } from './records.js';
import { DATASETS as D, FLOWS, GROUPS, JOBS, runId, USERS } from './urns.js';

interface Run {
  hoursAgo: number;
  minutes: number;
  result: RunResult;
}

interface Step {
  job: string;
  description: string;
  inputs: string[];
  outputs: string[];
  /** Oldest first. */
  runs: Run[];
}

const ok = (hoursAgo: number, minutes = 10): Run => ({ hoursAgo, minutes, result: 'SUCCESS' });
const failed = (hoursAgo: number, minutes = 5): Run => ({ hoursAgo, minutes, result: 'FAILURE' });

const STEPS: Step[] = [
  { job: JOBS.buildStgTransactions, description: 'dbt run -s stg_transactions', inputs: [D.transactions],
    outputs: [D.stgTransactions], runs: [ok(25, 12), ok(1, 12)] },
  { job: JOBS.buildStgChargebacks, description: 'dbt run -s stg_chargebacks', inputs: [D.chargebacks],
    outputs: [D.stgChargebacks], runs: [ok(26), ok(2)] },
  { job: JOBS.buildFctTransactions, description: 'dbt run -s fct_transactions',
    inputs: [D.stgTransactions, D.stgChargebacks], outputs: [D.fctTransactions], runs: [ok(24.5, 15), ok(0.75, 15)] },
  // latest run failed: must fire
  { job: JOBS.buildStgSessions, description: 'dbt run -s stg_sessions', inputs: [D.sessions],
    outputs: [D.stgSessions], runs: [ok(26, 20), failed(2, 7)] },
  // an old failure, then a success: must NOT fire
  { job: JOBS.buildCustomerProfile, description: 'dbt run -s customer_profile', inputs: [D.customers],
    outputs: [D.customerProfile], runs: [failed(49), ok(25)] },
  { job: JOBS.buildCampaignAttribution, description: 'dbt run -s campaign_attribution', inputs: [D.campaignTouches],
    outputs: [D.campaignAttribution], runs: [ok(26, 5), ok(2, 5)] },
  { job: JOBS.materializeTxnFeatures, description: 'feast materialize txn_features', inputs: [D.fctTransactions],
    outputs: [D.txnFeatures], runs: [ok(24), ok(0.4)] },
  { job: JOBS.materializeCustomerFeatures, description: 'feast materialize customer_features',
    inputs: [D.customerProfile], outputs: [D.customerFeatures], runs: [ok(48), ok(24)] },
  { job: JOBS.materializeEngagementFeatures, description: 'feast materialize engagement_features',
    inputs: [D.stgSessions], outputs: [D.engagementFeatures], runs: [ok(25), ok(1.5)] },
  { job: JOBS.materializeCampaignFeatures, description: 'feast materialize campaign_features',
    inputs: [D.campaignAttribution], outputs: [D.campaignFeatures], runs: [ok(25), ok(1.5)] },
  { job: JOBS.buildFraudTrainingSet, description: 'Point-in-time join for fraud_detector',
    inputs: [D.txnFeatures, D.fctTransactions], outputs: [D.fraudTrainingSet], runs: [ok(192, 30), ok(20, 30)] },
  { job: JOBS.buildCustomerTrainingSet, description: 'Customer snapshot for churn and LTV',
    inputs: [D.txnFeatures, D.customerFeatures, D.customerProfile], outputs: [D.customerTrainingSet],
    runs: [ok(190, 30), ok(22, 30)] },
  { job: JOBS.buildSessionTrainingSet, description: 'Training set for session_intent',
    inputs: [D.engagementFeatures, D.stgSessions], outputs: [D.sessionTrainingSet], runs: [ok(190, 20), ok(22, 20)] },
  { job: JOBS.buildUpliftTrainingSet, description: 'Training set for campaign_uplift',
    inputs: [D.campaignFeatures, D.campaignAttribution], outputs: [D.upliftTrainingSet], runs: [ok(190, 20), ok(22, 20)] },
  { job: JOBS.trainFraudDetector, description: 'Train fraud_detector (XGBoost)', inputs: [D.fraudTrainingSet],
    outputs: [], runs: [ok(188, 45), ok(19, 45)] },
  { job: JOBS.trainChurnPredictor, description: 'Train churn_predictor (LightGBM)', inputs: [D.customerTrainingSet],
    outputs: [], runs: [ok(188, 40), ok(19, 40)] },
  { job: JOBS.trainSessionIntent, description: 'Train session_intent (logistic regression)',
    inputs: [D.sessionTrainingSet], outputs: [], runs: [ok(188, 15), ok(19, 15)] },
  { job: JOBS.trainCampaignUplift, description: 'Train campaign_uplift (two-model uplift)',
    inputs: [D.upliftTrainingSet], outputs: [], runs: [ok(188, 25), ok(19, 25)] },
  { job: JOBS.trainCustomerLtv, description: 'Train customer_ltv (gradient boosting)', inputs: [D.customerTrainingSet],
    outputs: [], runs: [ok(188, 35), ok(19, 35)] },
];

const FLOW_INFO: Array<[flow: string, description: string, schedule: string, team: string]> = [
  [FLOWS.paymentsEtl, 'Payments models.', '@hourly', GROUPS.dataPlatform],
  [FLOWS.growthEtl, 'Growth models.', '@daily', GROUPS.dataPlatform],
  [FLOWS.featurePipelines, 'Feature materialisation into the feature store.', '@hourly', GROUPS.mlPlatform],
  [FLOWS.mlTraining, 'Training sets and model training.', '@weekly', GROUPS.mlPlatform],
];

const operatorOf = (s: Step): string =>
  s.description.startsWith('dbt') ? 'DbtRunOperator' : s.description.startsWith('feast') ? 'BashOperator' : 'PythonOperator';
const flowOf = (job: string): string => parseUrn(job)?.parts[0] ?? '';
const jobIdOf = (job: string): string => parseUrn(job)?.parts[1] ?? job;
const flowIdOf = (flow: string): string => parseUrn(flow)?.parts[1] ?? flow;

function flowRecords(now: number): MetadataRecord[] {
  return FLOW_INFO.flatMap(([flow, description, schedule, team]) => [
    mcp(flow, 'dataFlowInfo', { customProperties: { schedule_interval: schedule }, name: flowIdOf(flow), description, env: 'PROD' }),
    mcp(flow, 'ownership', ownership([[team, 'TECHNICAL_OWNER']], now - 300 * 24 * HOUR_MS)),
  ]);
}

function stepRecords(s: Step, now: number): MetadataRecord[] {
  const flow = flowOf(s.job);
  const records: MetadataRecord[] = [
    mcp(s.job, 'dataJobInfo', dataJobInfo(jobIdOf(s.job), flow, s.description, { operator: operatorOf(s) })),
    mcp(s.job, 'dataJobInputOutput', dataJobInputOutput(s.inputs, s.outputs)),
  ];
  s.runs.forEach((run, n) => {
    const start = now - run.hoursAgo * HOUR_MS;
    const durationMs = run.minutes * 60_000;
    const name = `scheduled__${new Date(start).toISOString()}`;
    records.push(...runRecords({
      id: runId(s.job, n), job: s.job, name, start, durationMs, result: run.result,
      inputs: s.inputs, outputs: s.outputs,
      customProperties: { run_id: name, dag_id: flowIdOf(flow), task_id: jobIdOf(s.job) },
      externalUrl: `https://airflow.acmepay.example/dags/${flowIdOf(flow)}/grid?dag_run_id=${encodeURIComponent(name)}`,
    }));
    if (run.result !== 'SUCCESS') return;
    for (const out of s.outputs) {
      records.push(mcp(out, 'operation', operation({
        at: start + durationMs, operationType: 'INSERT', sourceType: 'DATA_PROCESS', actor: USERS.airflow, rows: 5000 + n,
      })));
    }
  });
  return records;
}

export function pipelineRecords(now: number): MetadataRecord[] {
  return [...flowRecords(now), ...STEPS.flatMap((s) => stepRecords(s, now))];
}
