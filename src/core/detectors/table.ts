import type { Detector } from './detector.js';
import { DETECTORS } from './registry.js';

/**
 * The README's table of detectors, from the registrations (test/docs/detector-table.test.ts fails when the README's
 * copy differs; `node scripts/detector-table.mjs` writes it after `npm run build`).
 */
export function detectorTable(detectors: readonly Detector[] = DETECTORS): string {
  const rows = detectors.map((d) =>
    [
      `\`${d.name}\``,
      String(d.weight),
      d.severity,
      d.summary,
      d.scope === 'model' ? 'the model and its inputs' : 'each upstream entity',
      d.scope === 'entity' && d.travels ? 'yes' : 'no',
      d.blastRadius === 'downstream' ? 'every model downstream' : 'only the model that has it',
      d.needs.join(', '),
    ].join(' | '),
  );
  return [
    '| detector | weight | severity | finds | on | folds into a root cause | blast radius | reads |',
    '|---|---|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r} |`),
  ].join('\n');
}

/** Where the table sits in README.md. */
export const TABLE_START = '<!-- detectors: generated from src/core/detectors/registry.ts -->';
export const TABLE_END = '<!-- /detectors -->';
