import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { edgeKey, lineageEdgeLines } from '../../src/datahub/lineage-file-lines.js';

describe('lineageEdgeLines', () => {
  it('places each dataset edge on its upstream entity and each column edge on its upstream field', () => {
    const text = fs.readFileSync('test/fixtures/lineage/longer-chargeback-leak.yml', 'utf8');
    const lines = text.split('\n');
    const lineOf = (s: string) => lines.findIndex((l) => l.includes(s)) + 1;
    const ds = (n: string) => `urn:li:dataset:(urn:li:dataPlatform:snowflake,${n},PROD)`;
    const got = lineageEdgeLines(text);
    expect(got.get(edgeKey(ds('analytics.stg_transactions'), ds('raw.payments.chargebacks')))).toBe(
      lineOf('name: raw.payments.chargebacks') - 1,
    );
    expect(
      got.get(
        edgeKey(
          `urn:li:schemaField:(${ds('analytics.stg_transactions')},txn_at)`,
          `urn:li:schemaField:(${ds('raw.payments.chargebacks')},chargeback_at)`,
        ),
      ),
    ).toBe(lineOf(',chargeback_at)'));
    expect(got.size).toBe(2);
  });
});
