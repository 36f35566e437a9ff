import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { optionalRedis, verdictHistory } from '../../compose/redis.js';
import { modelInHistory } from '../../history/index.js';
import { createLogger } from '../../log.js';
import { scoreHistoryJson, scoreHistoryText, withChanges } from '../../render/score-history.js';
import { commandConfig, out } from '../context.js';

/** What `janus history` does: read the model's recorded scans from Redis and print them. */
export async function runHistory(ref: string, opts: { json?: boolean; limit: number }, cmd: Command): Promise<void> {
  const config = commandConfig(cmd);
  const redis = optionalRedis(config, createLogger(config.log));
  if (!redis)
    throw new UsageError(
      'history needs Redis: set REDIS_URL (e.g. redis://127.0.0.1:6379) to the Redis where janus scan and janus serve record the scan history',
    );
  const history = verdictHistory(config, redis, { ownsConnection: true });
  try {
    const model = modelInHistory(ref, await history.latest());
    // one more than shown, so the oldest shown has its change too
    const fetched = await history.history(model.urn, opts.limit + 1);
    const entries = withChanges(fetched.slice(0, opts.limit), fetched[opts.limit]);
    out(opts.json ? JSON.stringify(scoreHistoryJson(model, entries), null, 2) : scoreHistoryText(model, entries));
  } finally {
    await history.close();
  }
}
