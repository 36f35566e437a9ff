/** Environment variables Janus reads, and the setting each one sets. DataHub's own names where DataHub has one. */
export const ENV_SETTINGS: Record<string, string[]> = {
  DATAHUB_GMS_URL: ['datahub', 'url'],
  DATAHUB_GMS_TOKEN: ['datahub', 'token'],
  JANUS_DATAHUB_TIMEOUT_MS: ['datahub', 'timeoutMs'],
  JANUS_DATAHUB_LONG_READ_TIMEOUT_MS: ['datahub', 'longReadTimeoutMs'],
  JANUS_DATAHUB_RETRIES: ['datahub', 'retries'],
  JANUS_DATAHUB_CONCURRENCY: ['datahub', 'concurrency'],
  JANUS_DATAHUB_WRITE_BATCH: ['datahub', 'writeBatch'],
  JANUS_DATAHUB_UI_URL: ['datahub', 'uiUrl'],
  JANUS_LOG_LEVEL: ['log', 'level'],
  JANUS_LOG_FORMAT: ['log', 'format'],
  REDIS_URL: ['redis', 'url'],
  JANUS_REDIS_PREFIX: ['redis', 'prefix'],
  JANUS_CYCLE_INTERVAL: ['cycle', 'interval'],
  JANUS_CYCLE_REFRESH: ['cycle', 'refresh'],
  JANUS_CYCLE_BAND_MARGIN: ['cycle', 'bandMargin'],
  JANUS_CYCLE_CLEAR_AFTER: ['cycle', 'clearAfter'],
  JANUS_CYCLE_DEADLINE: ['cycle', 'deadline'],
  JANUS_WORKER_CONCURRENCY: ['cycle', 'workerConcurrency'],
  JANUS_CYCLE_WRITE_CHUNK: ['cycle', 'writeChunk'],
  JANUS_JOB_LOCK_MS: ['cycle', 'jobLockMs'],
  SLACK_BOT_TOKEN: ['slack', 'botToken'],
  SLACK_SIGNING_SECRET: ['slack', 'signingSecret'],
  SLACK_APP_TOKEN: ['slack', 'appToken'],
  SLACK_API_URL: ['slack', 'apiUrl'],
  JANUS_SLACK_VERDICT_MAX_AGE_MS: ['slack', 'verdictMaxAgeMs'],
  JANUS_SLACK_FALLBACK_CHANNEL: ['slack', 'fallbackChannel'],
  JANUS_SLACK_ESCALATION_CHANNEL: ['slack', 'escalationChannel'],
  JANUS_SLACK_DIGEST_ABOVE: ['slack', 'digestAbove'],
  JANUS_SLACK_ESCALATE_AFTER: ['slack', 'escalateAfter'],
  JANUS_SLACK_USER_CACHE_TTL: ['slack', 'userCacheTtl'],
  JANUS_SLACK_CHANNEL_GAP_MS: ['slack', 'channelGapMs'],
  JANUS_SLACK_API_TIMEOUT_MS: ['slack', 'apiTimeoutMs'],
  JANUS_SLACK_ACTORS: ['slack', 'actors'],
  JANUS_SLACK_ADMINS: ['slack', 'admins'],
  JANUS_SLACK_RESPONDERS: ['slack', 'responders'],
  JANUS_SLACK_IDENTITY_TTL_MS: ['slack', 'identityTtlMs'],
  JANUS_SLACK_ORPHAN_PINGS: ['slack', 'orphanPings'],
  JANUS_SLACK_CLAIM_REMOVES_DEPARTED: ['slack', 'claimRemovesDeparted'],
  PORT: ['server', 'port'],
  JANUS_HOST: ['server', 'host'],
  JANUS_PUBLIC_URL: ['server', 'publicUrl'],
  JANUS_HEALTH_TIMEOUT_MS: ['server', 'healthTimeoutMs'],
  JANUS_MCP_ALLOW_WRITES: ['mcp', 'allowWrites'],
  JANUS_MCP_HTTP: ['mcp', 'http'],
  JANUS_MCP_HTTP_PATH: ['mcp', 'httpPath'],
  JANUS_MCP_HTTP_TOKEN: ['mcp', 'httpToken'],
  JANUS_MCP_ALLOWED_HOSTS: ['mcp', 'allowedHosts'],
  JANUS_MCP_ALLOWED_ORIGINS: ['mcp', 'allowedOrigins'],
  JANUS_AS_OF: ['judge', 'asOf'],
  JANUS_GATE_MAX_LINEAGE_EDGES: ['gate', 'maxLineageEdges'],
  JANUS_GATE_MAX_ENTITIES_READ: ['gate', 'maxEntitiesRead'],
};

/** The environment variable that sets a setting path, for error messages. */
export const envNameFor = (path: string): string | undefined =>
  Object.entries(ENV_SETTINGS).find(([, p]) => p.join('.') === path)?.[0];

/** Env values as a partial config tree (empty strings count as unset). */
export function configFromEnv(env: Record<string, string | undefined>): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const [name, [section, key]] of Object.entries(ENV_SETTINGS)) {
    const value = env[name];
    if (value !== undefined && value !== '') (out[section!] ??= {})[key!] = value;
  }
  return out;
}
