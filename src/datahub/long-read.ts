/**
 * A long read's time limit unless configured (`datahub.longReadTimeoutMs`): a model's 15,000-entity reach is tens of
 * MB that a busy DataHub takes seconds to write, and asking again after a timeout only doubles that work.
 */
export const DEFAULT_LONG_READ_TIMEOUT_MS = 120_000;
