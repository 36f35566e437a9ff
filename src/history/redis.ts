import type { Redis } from 'ioredis';
import { z } from 'zod';
import { BANDS } from '../core/score.js';
import type { Verdict } from '../core/verdict.js';
import { decodeVerdict, encodeVerdict } from './verdict-codec.js';
import {
  DEFAULT_HISTORY_DEPTH,
  entryOf,
  selectLatest,
  summaryOf,
  type LatestQuery,
  type ModelSummary,
  type VerdictHistory,
  type ScoreEntry,
} from './verdict-history.js';

export const DEFAULT_KEY_PREFIX = 'janus:';

export interface RedisVerdictHistoryOptions {
  /** Every key starts with it (default `janus:`). */
  prefix?: string;
  /** Past judgments kept per model (default 100). */
  depth?: number;
  /** Close the connection on `close()` (set when the history opened it). */
  ownsConnection?: boolean;
}

const entrySchema = z.object({ scannedAt: z.string(), score: z.number(), band: z.enum(BANDS) });
const acceptedSchema = z.object({
  key: z.string(),
  detector: z.string(),
  by: z.string(),
  until: z.string(),
  reason: z.string(),
});
const summarySchema = entrySchema.extend({
  urn: z.string(),
  name: z.string(),
  findings: z.array(z.string()),
  accepted: z.array(acceptedSchema).optional(),
});

/**
 * One atomic step: add the judgment to the model's sorted set (scored by time), trim it to the newest `depth`,
 * and replace the model's latest summary and full verdict unless a newer judgment is already there.
 * KEYS: scores zset, latest hash, verdict string. ARGV: time ms, entry JSON, depth, urn, summary JSON, scannedAt,
 * the verdict as verdict-codec.ts stores it.
 */
const RECORD = `
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[2])
redis.call('ZREMRANGEBYRANK', KEYS[1], 0, -(tonumber(ARGV[3]) + 1))
local current = redis.call('HGET', KEYS[2], ARGV[4])
if current then
  local ok, parsed = pcall(cjson.decode, current)
  if ok and type(parsed) == 'table' and type(parsed.scannedAt) == 'string' and parsed.scannedAt > ARGV[6] then return 0 end
end
redis.call('HSET', KEYS[2], ARGV[4], ARGV[5])
redis.call('SET', KEYS[3], ARGV[7])
return 1
`;

/**
 * Scan history in Redis, under one key prefix:
 * `<prefix>scores:<model urn>` a sorted set of `{scannedAt, score, band}` by time (bounded), and
 * `<prefix>latest` a hash of model urn → its latest summary, and `<prefix>verdict:<model urn>` its latest full
 * verdict (compressed by verdict-codec.ts; kept apart so listing the summaries never reads the findings).
 */
export class RedisVerdictHistory implements VerdictHistory {
  readonly kind = 'redis';
  private readonly prefix: string;
  private readonly depth: number;

  constructor(
    private readonly redis: Redis,
    private readonly options: RedisVerdictHistoryOptions = {},
  ) {
    this.prefix = options.prefix ?? DEFAULT_KEY_PREFIX;
    this.depth = options.depth ?? DEFAULT_HISTORY_DEPTH;
  }

  private scoresKey = (urn: string) => `${this.prefix}scores:${urn}`;
  private verdictKey = (urn: string) => `${this.prefix}verdict:${urn}`;
  private get latestKey() {
    return `${this.prefix}latest`;
  }

  async record(v: Verdict): Promise<void> {
    const at = Date.parse(v.scannedAt);
    if (Number.isNaN(at)) throw new Error(`cannot record a verdict with scannedAt ${JSON.stringify(v.scannedAt)}`);
    await this.redis.eval(
      RECORD,
      3,
      this.scoresKey(v.model.urn),
      this.latestKey,
      this.verdictKey(v.model.urn),
      String(at),
      JSON.stringify(entryOf(v)),
      String(this.depth),
      v.model.urn,
      JSON.stringify(summaryOf(v)),
      v.scannedAt,
      encodeVerdict(v),
    );
  }

  async history(modelUrn: string, limit = this.depth): Promise<ScoreEntry[]> {
    if (limit <= 0) return [];
    const members = await this.redis.zrevrange(this.scoresKey(modelUrn), 0, limit - 1);
    return members.flatMap((m) => parsed(entrySchema, m));
  }

  async latest(query?: LatestQuery): Promise<ModelSummary[]> {
    const all = await this.redis.hvals(this.latestKey);
    return selectLatest(
      all.flatMap((s) => parsed(summarySchema, s)),
      query,
    );
  }

  async latestOf(modelUrns: string[]): Promise<ModelSummary[]> {
    const out: ModelSummary[] = [];
    for (let i = 0; i < modelUrns.length; i += 1000) {
      const values = await this.redis.hmget(this.latestKey, ...modelUrns.slice(i, i + 1000));
      for (const v of values) if (v) out.push(...parsed(summarySchema, v));
    }
    return out;
  }

  async latestVerdict(modelUrn: string): Promise<Verdict | undefined> {
    const stored = await this.redis.getBuffer(this.verdictKey(modelUrn));
    return stored === null ? undefined : decodeVerdict(stored);
  }

  async close(): Promise<void> {
    if (this.options.ownsConnection && this.redis.status !== 'end')
      await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/** A stored value Janus did not write (or an older shape) is skipped rather than failing the whole answer. */
function parsed<T>(schema: z.ZodType<T>, raw: string): T[] {
  try {
    const r = schema.safeParse(JSON.parse(raw));
    return r.success ? [r.data] : [];
  } catch {
    return [];
  }
}
