import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { Block } from './present/kit.js';

/**
 * Which Slack messages show which DataHub incidents, with each message's blocks and the status it last showed of each
 * incident: what a click updates in place and what the reverse sync compares DataHub with.
 *
 * The seam with the alerts: whoever posts a message with incident buttons calls `save` with its channel, ts, text,
 * blocks and the incidents it shows (`shown` may be empty: the next cycle then draws their status once). A click on a
 * message nobody saved saves it too.
 */
export interface IncidentMessage {
  channel: string;
  ts: string;
  /** The thread the message is in (its parent's ts), when it is a reply: Janus's replies about it go there. */
  threadTs?: string;
  text: string;
  blocks: Block[];
  /** Incident urn → `statusFingerprint` of the status the message shows. */
  shown: Record<string, string>;
}

export interface IncidentMessages {
  readonly kind: 'redis' | 'memory';
  /** Records (or replaces) a message and the incidents it shows. */
  save(message: IncidentMessage, incidents: string[]): Promise<void>;
  get(channel: string, ts: string): Promise<IncidentMessage | undefined>;
  /** Stops tracking a message (it shows no incident any more): the reverse sync leaves it alone. */
  forget(channel: string, ts: string): Promise<void>;
  /** The messages showing an incident. */
  find(incidentUrn: string): Promise<IncidentMessage[]>;
  /** Every incident some message shows (and saved within the retention). */
  tracked(): Promise<string[]>;
}

/** A message is kept (and its incidents watched) this long after it was last saved. */
export const MESSAGE_RETENTION_MS = 30 * 86_400_000;

const messageSchema = z.object({
  channel: z.string(),
  ts: z.string(),
  threadTs: z.string().optional(),
  text: z.string(),
  blocks: z.array(z.looseObject({ type: z.string() })),
  shown: z.record(z.string(), z.string()),
});

const refOf = (channel: string, ts: string) => `${channel}:${ts}`;

/**
 * In Redis, under the service's prefix:
 * - `<prefix>:slack:msg:<channel>:<ts>`: the message (JSON: channel, ts, threadTs, text, blocks, shown);
 * - `<prefix>:slack:incident:<incident urn>`: the set of `<channel>:<ts>` showing it;
 * - `<prefix>:slack:incidents`: sorted set of incident urns by when a message showing them was last saved.
 * Every key expires MESSAGE_RETENTION_MS after its last save.
 */
export class RedisIncidentMessages implements IncidentMessages {
  readonly kind = 'redis';
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly retentionMs = MESSAGE_RETENTION_MS,
    private readonly now: () => number = Date.now,
  ) {}

  private msgKey = (channel: string, ts: string) => `${this.prefix}:slack:msg:${refOf(channel, ts)}`;
  private incidentKey = (urn: string) => `${this.prefix}:slack:incident:${urn}`;
  private get indexKey() {
    return `${this.prefix}:slack:incidents`;
  }

  async save(message: IncidentMessage, incidents: string[]): Promise<void> {
    const multi = this.redis
      .multi()
      .set(this.msgKey(message.channel, message.ts), JSON.stringify(message), 'PX', this.retentionMs);
    for (const urn of new Set([...incidents, ...Object.keys(message.shown)])) {
      multi
        .sadd(this.incidentKey(urn), refOf(message.channel, message.ts))
        .pexpire(this.incidentKey(urn), this.retentionMs)
        .zadd(this.indexKey, this.now(), urn);
    }
    await multi.pexpire(this.indexKey, this.retentionMs).exec();
  }

  async get(channel: string, ts: string): Promise<IncidentMessage | undefined> {
    const raw = await this.redis.get(this.msgKey(channel, ts));
    if (!raw) return undefined;
    const parsed = messageSchema.safeParse(JSON.parse(raw));
    return parsed.success ? withoutUndefined(parsed.data) : undefined;
  }

  async forget(channel: string, ts: string): Promise<void> {
    // `find` drops the message from its incidents' sets once it is gone
    await this.redis.del(this.msgKey(channel, ts));
  }

  async find(incidentUrn: string): Promise<IncidentMessage[]> {
    const refs = await this.redis.smembers(this.incidentKey(incidentUrn));
    const out: IncidentMessage[] = [];
    for (const ref of refs.sort()) {
      const at = ref.lastIndexOf(':');
      const m = await this.get(ref.slice(0, at), ref.slice(at + 1));
      if (m) out.push(m);
      else await this.redis.srem(this.incidentKey(incidentUrn), ref);
    }
    return out;
  }

  async tracked(): Promise<string[]> {
    await this.redis.zremrangebyscore(this.indexKey, '-inf', this.now() - this.retentionMs);
    return this.redis.zrange(this.indexKey, 0, -1);
  }
}

const withoutUndefined = (m: z.infer<typeof messageSchema>): IncidentMessage => ({
  channel: m.channel,
  ts: m.ts,
  ...(m.threadTs ? { threadTs: m.threadTs } : {}),
  text: m.text,
  blocks: m.blocks as unknown as Block[],
  shown: m.shown,
});

/** Without Redis: this process's messages (a `janus serve` without workers has no reverse sync anyway). */
export class MemoryIncidentMessages implements IncidentMessages {
  readonly kind = 'memory';
  private readonly messages = new Map<string, IncidentMessage>();
  private readonly byIncident = new Map<string, Set<string>>();

  async save(message: IncidentMessage, incidents: string[]): Promise<void> {
    const ref = refOf(message.channel, message.ts);
    this.messages.set(ref, structuredClone(message));
    for (const urn of new Set([...incidents, ...Object.keys(message.shown)]))
      (this.byIncident.get(urn) ?? this.byIncident.set(urn, new Set()).get(urn)!).add(ref);
  }

  async get(channel: string, ts: string): Promise<IncidentMessage | undefined> {
    const m = this.messages.get(refOf(channel, ts));
    return m && structuredClone(m);
  }

  async forget(channel: string, ts: string): Promise<void> {
    const ref = refOf(channel, ts);
    this.messages.delete(ref);
    for (const refs of this.byIncident.values()) refs.delete(ref);
  }

  async find(incidentUrn: string): Promise<IncidentMessage[]> {
    return [...(this.byIncident.get(incidentUrn) ?? [])].sort().flatMap((ref) => {
      const m = this.messages.get(ref);
      return m ? [structuredClone(m)] : [];
    });
  }

  async tracked(): Promise<string[]> {
    return [...this.byIncident.keys()];
  }
}
