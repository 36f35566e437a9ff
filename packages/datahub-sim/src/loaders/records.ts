import type { Store } from '../store/store.js';
import { reportError, reportWarning, type RecordContext } from './context.js';
import { limitProblem, MAX_RECORD_DEPTH } from './limits.js';
import { loadMce } from './mce.js';
import { loadMcp } from './mcp.js';
import { emptyReport, isJsonObject, type LoadOptions, type LoadReport } from './types.js';

export { MAX_RECORD_DEPTH };

/**
 * Loads the parsed JSON of one metadata file into the store, record by record and in order (a later
 * write of the same urn and aspect replaces the earlier one; timeseries aspects accumulate). `records`
 * is an array of records, or a single record (the file source's backwards-compatible form). A bad
 * record is reported with `source` and its index and skipped; the rest still loads.
 */
export function loadRecords(store: Store, records: unknown, source: string, options: LoadOptions = {}): LoadReport {
  const report = emptyReport();
  report.files = 1;
  const ctx: RecordContext = { store, report, file: source, now: options.now ?? Date.now };
  const list = Array.isArray(records) ? records : [records];
  list.forEach((record, index) => {
    report.records++;
    loadRecord(ctx, record, index);
  });
  return report;
}

function loadRecord(ctx: RecordContext, record: unknown, index: number): void {
  if (!isJsonObject(record)) return reportError(ctx, index, `Unknown object type: ${describe(record)}`);
  const tooBig = limitProblem(record, MAX_RECORD_DEPTH);
  if (tooBig) return reportError(ctx, index, tooBig);
  if ('proposedSnapshot' in record) return loadMce(ctx, record, index);
  // A DELETE needs no aspect; accept one whose writer left the `aspect` key out.
  if ('aspect' in record || (record.changeType === 'DELETE' && 'entityUrn' in record))
    return loadMcp(ctx, record, index);
  if ('bucket' in record) {
    return reportWarning(ctx, index, 'deprecated usage aggregation (bucket) record dropped, as DataHub drops it');
  }
  reportError(ctx, index, `Unknown object type: a record with keys ${Object.keys(record).join(', ') || '(none)'}`);
}

const describe = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'an array' : `a ${typeof v}`);
