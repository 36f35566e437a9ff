import type { Store } from '../store/store.js';
import type { LoadReport } from './types.js';

/** What the record loaders need while loading one file: the store, the report, where they are, the clock. */
export interface RecordContext {
  store: Store;
  report: LoadReport;
  file: string;
  now: () => number;
}

export const reportError = (ctx: RecordContext, index: number, message: string): void => {
  ctx.report.errors.push({ file: ctx.file, index, message });
};

export const reportWarning = (ctx: RecordContext, index: number, message: string): void => {
  ctx.report.warnings.push({ file: ctx.file, index, message });
};
