import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withProposedLineage } from '../../src/core/proposed-lineage.js';
import type { UpstreamGraph } from '../../src/core/graph.js';
import {
  LINEAGE_FILE_MAX_BYTES,
  LINEAGE_FILE_MAX_DEPTH,
  parseLineageFile,
  readLineageFile,
} from '../../src/datahub/lineage-file.js';
import { UsageError } from '../../src/errors.js';

// Issue 20, case 8: `--lineage /dev/zero` aborted after 75 s with std::bad_alloc; a 17 MB lineage file took 103 s
// and 2.3 GB (the overlay merge was quadratic).
const refused = (fn: () => unknown): UsageError => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    return e as UsageError;
  }
  throw new Error('expected a UsageError');
};

describe('the lineage file', () => {
  // Issue 38: a FIFO blocked the read until a writer came; /dev/zero was read to the size limit
  it('refuses /dev/zero as a device, reading nothing', () => {
    expect(refused(() => readLineageFile('/dev/zero')).message).toBe(
      'lineage file /dev/zero: is a character device, not a regular file',
    );
  });

  it('refuses a file over the limit, and a missing one, naming it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'janus-lineage-'));
    const big = path.join(dir, 'big.yml');
    fs.writeFileSync(big, `version: 1\nlineage: []\n# ${'x'.repeat(1024)}\n`);
    expect(refused(() => readLineageFile(big, 512)).message).toContain(`${big}: larger than the limit of 512 bytes`);
    expect(LINEAGE_FILE_MAX_BYTES).toBe(8 * 1024 * 1024);
    expect(refused(() => readLineageFile(path.join(dir, 'none.yml'))).message).toContain('no such file');
    expect(refused(() => readLineageFile(dir)).message).toContain('is a folder');
  });

  it('refuses upstream lists nested deeper than the limit', () => {
    let node = '{ entity: { name: t0, platform: x } }';
    for (let i = 1; i <= LINEAGE_FILE_MAX_DEPTH + 5; i++)
      node = `{ entity: { name: t${i}, platform: x }, upstream: [${node}] }`;
    expect(refused(() => parseLineageFile(`version: 1\nlineage: [${node}]\n`)).message).toContain('nested deeper than');
  });

  it('counts edges past a limit without building them, a column set by its product (issue 38)', () => {
    const field = (t: string, i: number) =>
      `urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:x,${t},PROD),c${i})`;
    const fields = (t: string, n: number) => Array.from({ length: n }, (_, i) => field(t, i));
    const file = (n: number) =>
      JSON.stringify({
        version: 1,
        lineage: [
          {
            entity: { name: 'down', platform: 'x' },
            upstream: [{ entity: { name: 'up', platform: 'x' } }],
            fineGrainedLineages: [{ upstreams: fields('up', n), downstreams: fields('down', n) }],
          },
        ],
      });
    const limit = (max: number) => ({
      max,
      exceeded: (n: number) => new UsageError(`proposes ${n.toLocaleString('en-US')} edges`),
    });
    expect(refused(() => parseLineageFile(file(3_000), 'f', limit(5_000))).message).toBe('proposes 9,000,001 edges');
    const within = parseLineageFile(file(100), 'f', limit(10_001));
    expect([within.edges.length, within.columns.length]).toEqual([1, 10_000]);
    expect(refused(() => parseLineageFile(file(100), 'f', limit(10_000))).message).toBe('proposes 10,001 edges');
  });

  it('merges a proposal of 200,000 edges into one column and one dataset in one pass, each edge once', () => {
    const down = 'urn:li:dataset:(urn:li:dataPlatform:x,down,PROD)';
    const ups = Array.from({ length: 200_000 }, (_, i) => `urn:li:dataset:(urn:li:dataPlatform:x,t${i},PROD)`);
    const nodes = Object.fromEntries([down, ...ups].map((urn) => [urn, { urn, type: 'DATASET' }]));
    const g = { nodes, upstreams: {}, columnUpstreams: {} } as unknown as UpstreamGraph;
    const edges = [...ups, ...ups].map((up) => ({ down, up }));
    const merged = withProposedLineage(g, { edges, columns: edges });
    expect(merged.upstreams[down]).toHaveLength(200_000);
    expect(merged.columnUpstreams[down]).toHaveLength(200_000);
  });
});
