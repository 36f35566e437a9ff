/** DataHub's limits and the defaults Janus keeps under them: config's defaults, and the client's when not configured. */

/**
 * GMS answers a GraphQL request still running after 55 s with 503 (`DATAHUB_GMS_ASYNC_REQUEST_TIMEOUT_MS`, since
 * v0.14.1; shared reference DATAHUB-API.md §0 "Request timeout"): no request of Janus may count on more.
 */
export const GMS_REQUEST_TIMEOUT_MS = 55_000;

/**
 * A long read's time limit unless configured (`datahub.longReadTimeoutMs`): below GMS's own 55 s, so Janus gives up
 * first and splits the read (fewer urns a request, smaller pages) rather than wait for a 503.
 */
export const DEFAULT_LONG_READ_TIMEOUT_MS = 50_000;

/** The longest per-request deadline Janus uses, whatever is configured: under GMS's timeout. */
export const MAX_REQUEST_DEADLINE_MS = GMS_REQUEST_TIMEOUT_MS - 1_000;

/** Requests in flight to DataHub at once: a few batch reads hide the round trips behind DataHub's own work. */
export const DEFAULT_CONCURRENCY = 4;

/**
 * Writes per request when not configured (`datahub.writeBatch`). GMS runs a batch's mutations one after another, so
 * a batch takes about this many times one mutation: well within `datahub.timeoutMs` at tens of ms a mutation.
 */
export const DEFAULT_WRITE_BATCH = 50;
/**
 * The most writes a request may carry: a batch of that many of any write stays within GMS's limits (at most 6,507
 * grammar tokens of 15,000, complexity 1,000 of 2,000: test/datahub/gms-limits.test.ts measures each).
 */
export const MAX_WRITE_BATCH = 250;
