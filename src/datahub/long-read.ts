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
