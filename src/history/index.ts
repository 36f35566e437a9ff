export * from './verdict-history.js';
export { MemoryVerdictHistory } from './memory.js';
export { modelInHistory } from './model-in-history.js';
export { DEFAULT_KEY_PREFIX, RedisVerdictHistory, type RedisVerdictHistoryOptions } from './redis.js';
