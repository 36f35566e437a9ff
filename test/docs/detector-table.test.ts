import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectorTable, TABLE_END, TABLE_START } from '../../src/core/detectors/table.js';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe("README's table of detectors", () => {
  it('is the one the registry gives (run `npm run build && node scripts/detector-table.mjs` to rewrite it)', () => {
    const start = README.indexOf(TABLE_START);
    const end = README.indexOf(TABLE_END);
    expect(start, `README.md has no "${TABLE_START}" line`).toBeGreaterThan(-1);
    expect(end).toBeGreaterThan(start);
    expect(README.slice(start + TABLE_START.length, end).trim()).toBe(detectorTable());
  });
});
