import type { ModelRef } from '../core/verdict.js';

/**
 * The file name of a model's report in `--report-dir`: `<model name>.html`, with anything but letters, digits,
 * `.`, `_` and `-` replaced by `_` (no path separators, no leading dot).
 */
export function reportFileName(verdict: { model: Pick<ModelRef, 'name'> }): string {
  const safe = verdict.model.name
    .replace(/[^A-Za-z0-9._-]/g, '_')
    .replace(/^\.+/, '_')
    .slice(0, 200);
  return `${safe || 'model'}.html`;
}
