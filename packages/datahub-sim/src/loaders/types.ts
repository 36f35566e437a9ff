/** Shared types of the metadata file loader. */

/** A problem with one record (`index` is its position in the file) or a whole file (`index` -1). */
export interface LoadIssue {
  file: string;
  index: number;
  message: string;
}

export interface LoadReport {
  /** Files read (a file that could not be read or parsed still counts). */
  files: number;
  /** Records seen, valid or not. */
  records: number;
  /** Aspect writes and deletes applied to the store (an MCE applies one per aspect). */
  applied: number;
  /** Records DataHub would reject, or that the simulator cannot apply: they were skipped. */
  errors: LoadIssue[];
  /** Records dropped or changed the way DataHub itself would (deprecated records, unappliable patches). */
  warnings: LoadIssue[];
}

export interface LoadOptions {
  /** Clock for values DataHub stamps at ingestion time (patch template defaults). Defaults to Date.now. */
  now?: () => number;
}

export type JsonObject = { [key: string]: unknown };

export const isJsonObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

export const emptyReport = (): LoadReport => ({ files: 0, records: 0, applied: 0, errors: [], warnings: [] });

/** Adds `part` into `total` (used to sum per-file reports). */
export function mergeReport(total: LoadReport, part: LoadReport): LoadReport {
  total.files += part.files;
  total.records += part.records;
  total.applied += part.applied;
  total.errors.push(...part.errors);
  total.warnings.push(...part.warnings);
  return total;
}

export const formatIssue = (issue: LoadIssue): string => `${issue.file}#${issue.index}: ${issue.message}`;
