import type { ChainableCommander, Redis } from 'ioredis';
import { z } from 'zod';
import { parseStored } from '../stored-json.js';
import { alertsKey, type ParseStored } from './parse.js';

/** What the index of open alerts by model needs to know of an alert's state. */
export interface IndexedAlert {
  id: string;
  status: string;
  models: Record<string, unknown>;
}

const ids = z.array(z.string());

/**
 * The alert planner's memory, so a restart never posts an alert again: `<prefix>:alerts:state` (hash: alert id → its
 * state), `:live` (root cause key or `model:<urn>` → open alert id) and `:by-model` (model → open alerts listing it).
 */
export class AlertStates<S extends IndexedAlert> {
  private readonly key: (name: string) => string;

  constructor(
    private readonly redis: Redis,
    prefix: string,
    private readonly parse: ParseStored<S>,
  ) {
    this.key = alertsKey(prefix);
  }

  async states(idList: string[]): Promise<Record<string, S>> {
    const out: Record<string, S> = {};
    const unique = [...new Set(idList)];
    for (let i = 0; i < unique.length; i += 500) {
      const part = unique.slice(i, i + 500);
      const values = await this.redis.hmget(this.key('state'), ...part);
      part.forEach((id, n) => {
        const s = this.parse(values[n]);
        if (s) out[id] = s;
      });
    }
    return out;
  }

  async allStates(): Promise<S[]> {
    const all = await this.redis.hvals(this.key('state'));
    return all.map((v) => this.parse(v)).filter((s): s is S => !!s);
  }

  async live(keys: string[]): Promise<Record<string, string>> {
    const unique = [...new Set(keys)];
    if (!unique.length) return {};
    const values = await this.redis.hmget(this.key('live'), ...unique);
    return Object.fromEntries(unique.flatMap((k, i) => (values[i] ? [[k, values[i]!]] : [])));
  }

  /** The open alerts listing each model. */
  async byModel(models: string[]): Promise<Record<string, string[]>> {
    const unique = [...new Set(models)];
    const out: Record<string, string[]> = {};
    for (let i = 0; i < unique.length; i += 500) {
      const part = unique.slice(i, i + 500);
      const values = await this.redis.hmget(this.key('by-model'), ...part);
      part.forEach((m, n) => {
        const found = parseStored(ids, values[n]);
        if (found?.length) out[m] = found;
      });
    }
    return out;
  }

  /**
   * Queues a plan's outcome on `tx`: the states (and the index by model, read first), the live index, the states
   * forgotten. Run under the planner's lock, so the index read here is still the index when `tx` runs.
   */
  async write(
    tx: ChainableCommander,
    states: Record<string, S>,
    live: Record<string, string | null>,
    remove: string[],
  ): Promise<void> {
    const index = await this.reindex(Object.values(states), remove);
    if (Object.keys(index.set).length) tx.hset(this.key('by-model'), index.set);
    if (index.del.length) tx.hdel(this.key('by-model'), ...index.del);
    const entries = Object.entries(states);
    if (entries.length) tx.hset(this.key('state'), Object.fromEntries(entries.map(([k, v]) => [k, JSON.stringify(v)])));
    const set = Object.entries(live).filter((e): e is [string, string] => e[1] !== null);
    const del = Object.entries(live)
      .filter(([, v]) => v === null)
      .map(([k]) => k);
    if (set.length) tx.hset(this.key('live'), Object.fromEntries(set));
    if (del.length) tx.hdel(this.key('live'), ...del);
    if (remove.length) tx.hdel(this.key('state'), ...remove);
  }

  /** The model → open alerts index after these states change. */
  private async reindex(states: S[], removed: string[]): Promise<{ set: Record<string, string>; del: string[] }> {
    const gone = new Set(removed);
    const models = [...new Set(states.flatMap((s) => Object.keys(s.models)))];
    const now = await this.byModel(models);
    const set: Record<string, string> = {};
    const del: string[] = [];
    for (const m of models) {
      const open = new Set(now[m] ?? []);
      for (const s of states) {
        if (!s.models[m]) continue;
        if (s.status === 'open' && !gone.has(s.id)) open.add(s.id);
        else open.delete(s.id);
      }
      if (open.size) set[m] = JSON.stringify([...open]);
      else if (now[m]) del.push(m);
    }
    return { set, del };
  }
}
