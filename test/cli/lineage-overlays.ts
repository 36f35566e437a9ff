import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The proposal that makes customer_ltv_v2 leak: tenure_days derives from lifetime_value, the label's source. */
export const LEAKY = 'test/fixtures/lineage/leaky-tenure.yml';

/** The line of the leaky overlay that makes tenure_days derive from lifetime_value. */
export const LEAK_LINE =
  fs
    .readFileSync(LEAKY, 'utf8')
    .split('\n')
    .findIndex((l) => l.trim().startsWith('- urn:li:schemaField:') && l.includes(',lifetime_value)')) + 1;

/** A proposal for customer_ltv_v2 that leaks nothing, in a file of its own: a feature column derives from another of its own table. */
export function cleanOverlay(): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'janus-clean-overlay-')), 'clean.yml');
  const field = (col: string) =>
    `urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:snowflake,features.customer_features,PROD),${col})`;
  fs.writeFileSync(
    file,
    [
      'version: 1',
      'lineage:',
      '  - entity: { name: features.customer_features, platform: snowflake }',
      '    fineGrainedLineages:',
      `      - upstreams: ["${field('customer_id')}"]`,
      `        downstreams: ["${field('tenure_days')}"]`,
      '',
    ].join('\n'),
  );
  return file;
}
