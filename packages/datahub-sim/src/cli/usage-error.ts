/** A bad `janus sim` argument found only when the command runs (a missing --catalog file, a crowded --out folder): exit 2. */
export class SimUsageError extends Error {
  override name = 'SimUsageError';
}
