export { loadConfig, DEFAULT_CONFIG_FILE, type LoadConfigOptions } from './load.js';
export { configSchema, type Config, type DatahubConfig, type LogConfig, type CycleConfig } from './schema.js';
export { ENV_SETTINGS } from './env.js';
export { judgePolicy, type JudgeConfig } from './judge.js';
