/**
 * Assertions. fct_transactions carries its freshness SLA as a FRESHNESS assertion with a FIXED_INTERVAL
 * schedule (the second of Janus's SLA conventions); stg_transactions has a row-count check.
 */
import { auditStamp, HOUR_MS } from './aspects.js';
import { mcp, type Json, type MetadataRecord } from './records.js';
import { ASSERTIONS as A, DATASETS as D } from './urns.js';

function runEvent(assertion: string, dataset: string, at: number, result: Json): MetadataRecord {
  return mcp(assertion, 'assertionRunEvent', {
    timestampMillis: at,
    runId: `${at}`,
    asserteeUrn: dataset,
    assertionUrn: assertion,
    status: 'COMPLETE',
    result,
    partitionSpec: { partition: 'FULL_TABLE_SNAPSHOT', type: 'FULL_TABLE' },
  });
}

export function assertionRecords(now: number): MetadataRecord[] {
  const created = auditStamp(now - 120 * 24 * HOUR_MS);
  return [
    mcp(A.fctTransactionsFreshness, 'assertionInfo', {
      customProperties: {},
      type: 'FRESHNESS',
      freshnessAssertion: {
        type: 'DATASET_CHANGE',
        entity: D.fctTransactions,
        schedule: { type: 'FIXED_INTERVAL', fixedInterval: { unit: 'HOUR', multiple: 6 } },
      },
      source: { type: 'NATIVE', created },
      lastUpdated: created,
      description: 'fct_transactions changes at least every 6 hours.',
    }),
    runEvent(A.fctTransactionsFreshness, D.fctTransactions, now - 24 * HOUR_MS, { type: 'SUCCESS' }),
    runEvent(A.fctTransactionsFreshness, D.fctTransactions, now - 0.4 * HOUR_MS, { type: 'SUCCESS' }),
    mcp(A.stgTransactionsRowCount, 'assertionInfo', {
      customProperties: {},
      type: 'DATASET',
      datasetAssertion: {
        dataset: D.stgTransactions,
        scope: 'DATASET_ROWS',
        aggregation: 'ROW_COUNT',
        operator: 'GREATER_THAN',
        parameters: { value: { value: '0', type: 'NUMBER' } },
        nativeType: 'expect_table_row_count_to_be_between',
      },
      source: { type: 'EXTERNAL', created },
      description: 'stg_transactions is not empty.',
    }),
    runEvent(A.stgTransactionsRowCount, D.stgTransactions, now - 0.7 * HOUR_MS, {
      type: 'SUCCESS', actualAggValue: 48211, nativeResults: { observed_value: '48211' },
    }),
  ];
}
