import type { Band } from '../../core/score.js';
import type { Transition } from '../../core/transitions.js';
import type { ModelRef } from '../../core/verdict.js';
import { FALLBACK } from '../../core/alerts/routing.js';
import { causeAlertId, modelAlertId } from './alert-ids.js';
import { acceptedMessage, digestMessage, followupMessage, recoveryMessage } from './render.js';
import { causeHeadline, modelHeadline } from './story.js';
import { parentDelivery, replyDelivery } from './thread-deliveries.js';
import type { AlertChannel, AlertLinks, AlertModel, AlertState, Delivery, Plan } from './types.js';

/**
 * The cycle's alert plan: what to post, reply and edit for a cycle's transitions, given what was said before. Pure: the
 * same state and transitions always give the same deliveries (with the same ids), so a plan computed twice (a job
 * retried) queues nothing twice. One alert per root cause (per episode) per channel; follow-ups in its thread;
 * a model's own band change (nothing explains it) is an alert of its own.
 */

/** One channel of a transition's routing: the models it lists there and the Slack users to mention. */
export interface PlannedRoute {
  models: string[];
  mentions: string[];
}

/** A transition with what the alert consumer read for it (routes, Argos's story, the incident, the links). */
export interface StagedAlert {
  transition: Transition;
  /** When its notification was queued (ms). */
  queuedAt: number;
  /** The models it is about, named (a raised root cause: every model it hurts), with their latest band when known. */
  models: (ModelRef & { band?: Band; score?: number })[];
  /** Channel → what it lists there; `FALLBACK` ('') for what reaches no channel. */
  routes: Record<string, PlannedRoute>;
  story: string[];
  incident?: string;
  links: AlertLinks;
}

export interface PlanContext {
  now: number;
  /** The cycle (digests are per cycle and channel). */
  cycle: string;
  /** Every alert the transitions may touch, by id. */
  states: Record<string, AlertState>;
  /** The open alert of each root cause key, and of each model (`model:<urn>`). */
  live: Record<string, string>;
  /** The open alerts listing each model (of the models the transitions move). */
  byModel: Record<string, string[]>;
  /** Snoozed entities (models, datasets): their alerts are not posted. */
  snoozed: (urn: string) => boolean;
  fallback?: string;
  digestAbove: number;
}

const modelLive = (urn: string) => `model:${urn}`;
const moveOf = (m: {
  model: ModelRef;
  from: AlertModel['from'];
  to: NonNullable<AlertModel['band']>;
  score: number;
}) => ({
  urn: m.model.urn,
  name: m.model.name,
  band: m.to,
  from: m.from,
  score: m.score,
});

export function planCycle(staged: StagedAlert[], ctx: PlanContext): Plan {
  const p = new Planner(ctx);
  for (const s of staged) p.apply(s);
  return p.finish();
}

class Planner {
  private readonly states: Record<string, AlertState>;
  private readonly changed = new Set<string>();
  private readonly live: Record<string, string | null> = {};
  private readonly deliveries: Delivery[] = [];
  private readonly unroutable: Plan['unroutable'] = [];

  private readonly byModel: Map<string, Set<string>>;
  /** Alerts this plan raised. */
  private readonly created = new Set<string>();

  constructor(private readonly ctx: PlanContext) {
    this.states = structuredClone(ctx.states);
    this.byModel = new Map(Object.entries(ctx.byModel).map(([m, ids]) => [m, new Set(ids)]));
  }

  /** The open alerts (other than `except`) that list a model. */
  private listing(model: string, except?: string): AlertState[] {
    return [...(this.byModel.get(model) ?? [])]
      .filter((id) => id !== except)
      .map((id) => this.states[id])
      .filter((s): s is AlertState => s?.status === 'open');
  }

  private index(s: AlertState): void {
    for (const m of Object.keys(s.models)) {
      let set = this.byModel.get(m);
      if (!set) this.byModel.set(m, (set = new Set()));
      set.add(s.id);
    }
  }

  /** A model's band moved: every other open alert listing it says so in its thread, and its parent shows it. */
  private tellOthers(moved: AlertModel[], except: string, transition: string, queuedAt: number): void {
    const touched = new Map<string, { s: AlertState; models: AlertModel[] }>();
    for (const m of moved) {
      if (this.ctx.snoozed(m.urn)) continue;
      for (const s of this.listing(m.urn, except)) {
        // an alert raised this cycle already shows the move; one that knows the band has nothing to add
        if (this.created.has(s.id) || s.models[m.urn]?.band === m.band) continue;
        const entry = touched.get(s.id) ?? { s, models: [] };
        entry.models.push(m);
        touched.set(s.id, entry);
      }
    }
    for (const { s, models } of touched.values()) {
      for (const m of models) s.models[m.urn] = { ...s.models[m.urn], ...m };
      for (const [channel, ch] of Object.entries(s.channels)) {
        const here = models.filter((m) => ch.models.includes(m.urn));
        if (ch.posted && here.length)
          this.replyIn(s, channel, ch, transition, followupMessage(s, here, []), 'followup', queuedAt);
      }
      this.save(s);
    }
  }

  private liveOf(key: string): AlertState | undefined {
    const id = key in this.live ? this.live[key] : this.ctx.live[key];
    const s = id ? this.states[id] : undefined;
    return s?.status === 'open' ? s : undefined;
  }

  private save(s: AlertState): void {
    this.states[s.id] = s;
    this.changed.add(s.id);
  }

  private channelName(routed: string, alert: string, models: string[]): string | undefined {
    if (routed !== FALLBACK) return routed;
    if (this.ctx.fallback) return this.ctx.fallback.replace(/^#/, '');
    this.unroutable.push({ alert, models });
    return undefined;
  }

  apply(s: StagedAlert): void {
    const t = s.transition;
    if (t.kind === 'cause' && t.state === 'raised') this.raised(s, t);
    else if (t.kind === 'cause') this.cleared(s, t);
    else this.band(s, t);
  }

  private quiet(s: AlertState, models: string[]): boolean {
    if (s.dataset && this.ctx.snoozed(s.dataset)) return true;
    return models.length > 0 && models.every((m) => this.ctx.snoozed(m));
  }

  /** A new message in a channel: the alert's parent there. */
  private post(s: AlertState, channel: string, ch: AlertChannel, id: string, queuedAt: number): void {
    this.deliveries.push(parentDelivery(s, channel, ch, id, queuedAt));
  }

  /** A reply in the alert's thread in a channel, with the parent edited to match. */
  private replyIn(
    s: AlertState,
    channel: string,
    ch: AlertChannel,
    id: string,
    message: Delivery['message'],
    what: Delivery['what'],
    queuedAt: number,
  ): void {
    this.deliveries.push(replyDelivery(s, channel, ch, id, message, what, queuedAt));
  }

  private addChannels(s: AlertState, routes: Record<string, PlannedRoute>, id: string, queuedAt: number): void {
    for (const [routed, r] of Object.entries(routes)) {
      const channel = this.channelName(routed, s.id, r.models);
      if (!channel) continue;
      const ch = (s.channels[channel] ??= { seq: 0, models: [], mentions: [], posted: false });
      for (const m of r.models) if (!ch.models.includes(m)) ch.models.push(m);
      for (const u of r.mentions) if (!ch.mentions.includes(u)) ch.mentions.push(u);
      if (!ch.posted && !this.quiet(s, ch.models)) this.post(s, channel, ch, id, queuedAt);
    }
  }

  /**
   * A snoozed model's routes on an alert, held: every channel and watcher's DM it would have reached and the alert has
   * not been posted in is kept unposted, so the snooze's end posts the alert there (the timers' plan).
   */
  private hold(s: AlertState, routes: Record<string, PlannedRoute>): void {
    for (const [routed, r] of Object.entries(routes)) {
      const channel = this.channelName(routed, s.id, r.models);
      if (!channel || s.channels[channel]?.posted) continue;
      const ch = (s.channels[channel] ??= { seq: 0, models: [], mentions: [], posted: false });
      for (const m of r.models) if (!ch.models.includes(m)) ch.models.push(m);
      for (const u of r.mentions) if (!ch.mentions.includes(u)) ch.mentions.push(u);
    }
  }

  private raised(st: StagedAlert, t: Extract<Transition, { kind: 'cause' }>): void {
    const id = causeAlertId(t.key, t.episode);
    if (this.states[id]) return; // planned already: never posted twice
    // raised again (a person closed its incident, then the evidence changed): the new alert takes over its threads'
    // follow-ups; the old message keeps showing what the person decided
    const before = this.liveOf(t.key);
    if (before) {
      before.status = 'resolved';
      before.resolvedAt = t.at;
      this.save(before);
    }
    const moved = new Map(t.moved.map((m) => [m.model.urn, m]));
    const models: Record<string, AlertModel> = {};
    for (const m of st.models) {
      const mv = moved.get(m.urn);
      models[m.urn] = {
        urn: m.urn,
        name: m.name,
        ...(mv
          ? { band: mv.to, from: mv.from, score: mv.score }
          : m.band
            ? { band: m.band, ...(m.score !== undefined ? { score: m.score } : {}) }
            : {}),
      };
    }
    for (const mv of t.moved)
      models[mv.model.urn] ??= { urn: mv.model.urn, name: mv.model.name, band: mv.to, from: mv.from, score: mv.score };
    const s: AlertState = {
      id,
      kind: 'cause',
      key: t.key,
      dataset: t.dataset,
      detector: t.detector,
      ...(t.severity ? { severity: t.severity } : {}),
      ...causeHeadline(t.detector, t.dataset, t.key, st.models),
      story: st.story,
      since: t.since,
      raisedAt: this.ctx.now,
      status: 'open',
      models,
      modelCount: Math.max(t.modelCount, Object.keys(models).length),
      ...(st.incident ? { incident: st.incident } : {}),
      links: st.links,
      channels: {},
    };
    this.opened(s, st, t.id, t.key);
    this.tellOthers(t.moved.map(moveOf), id, t.id, st.queuedAt);
  }

  /** A new alert: its channels' first messages planned, saved, indexed and live under `liveKey`. */
  private opened(
    s: AlertState,
    st: { routes: Record<string, PlannedRoute>; queuedAt: number },
    transition: string,
    liveKey: string,
  ): void {
    this.addChannels(s, st.routes, transition, st.queuedAt);
    this.save(s);
    this.index(s);
    this.created.add(s.id);
    this.live[liveKey] = s.id;
  }

  /**
   * Stands an alert down: the recovered models' new bands, and the latest band and score of the others it lists
   * (`latest`, read at staging), so the resolved parent shows each model as it is now; each channel hears of its own.
   */
  private resolve(
    s: AlertState,
    at: string,
    recovered: AlertModel[],
    id: string,
    queuedAt: number,
    latest: StagedAlert['models'] = [],
  ): void {
    s.status = 'resolved';
    s.resolvedAt = at;
    for (const m of latest)
      if (s.models[m.urn] && m.band)
        s.models[m.urn] = { ...s.models[m.urn]!, band: m.band, ...(m.score !== undefined ? { score: m.score } : {}) };
    for (const m of recovered) s.models[m.urn] = { ...s.models[m.urn], ...m };
    for (const [channel, ch] of Object.entries(s.channels))
      if (ch.posted)
        if (s.accepted) this.replyIn(s, channel, ch, id, acceptedMessage(s.accepted), 'accepted', queuedAt);
        else this.replyIn(s, channel, ch, id, recoveryMessage(s, ch), 'recovery', queuedAt);
    this.save(s);
  }

  /** A root cause gone, or accepted by a person (then the thread says who, and the parent is marked accepted). */
  private cleared(st: StagedAlert, t: Extract<Transition, { kind: 'cause' }>): void {
    const s = this.liveOf(t.key);
    this.live[t.key] = null;
    if (!s) return;
    if (t.state === 'accepted' && t.acceptance) s.accepted = t.acceptance;
    const recovered = t.moved.map(moveOf);
    this.resolve(s, t.at, recovered, t.id, st.queuedAt, st.models);
    this.tellOthers(recovered, s.id, t.id, st.queuedAt);
  }

  private band(st: StagedAlert, t: Extract<Transition, { kind: 'band' }>): void {
    const m: AlertModel = { urn: t.model.urn, name: t.model.name, band: t.to, from: t.from, score: t.score };
    const quiet = this.ctx.snoozed(m.urn);
    const causes = [
      ...new Set([
        ...t.causes.map((k) => this.liveOf(k)).filter((s): s is AlertState => !!s),
        ...this.listing(m.urn).filter((s) => s.kind === 'cause'),
      ]),
    ];
    if (causes.length) {
      for (const s of causes) {
        const listed = Object.values(s.channels).some((c) => c.models.includes(m.urn));
        if (!s.models[m.urn]) s.modelCount += 1;
        s.models[m.urn] = m;
        if (listed) {
          for (const [channel, ch] of Object.entries(s.channels))
            if (ch.posted && ch.models.includes(m.urn) && !quiet)
              this.replyIn(s, channel, ch, t.id, followupMessage(s, [m], []), 'followup', st.queuedAt);
        } else if (!quiet) {
          // a model the root cause hurts now: its channels hear of it (in the thread, or a first message there)
          for (const [routed, r] of Object.entries(st.routes)) {
            const channel = this.channelName(routed, s.id, r.models);
            const ch = channel ? s.channels[channel] : undefined;
            if (!channel || !ch?.posted) continue;
            if (!ch.models.includes(m.urn)) ch.models.push(m.urn);
            for (const u of r.mentions) if (!ch.mentions.includes(u)) ch.mentions.push(u);
            this.replyIn(s, channel, ch, t.id, followupMessage(s, [], [m]), 'followup', st.queuedAt);
          }
          this.addChannels(s, st.routes, t.id, st.queuedAt);
        } else this.hold(s, st.routes);
        this.save(s);
        this.index(s);
      }
      return;
    }
    const own = this.liveOf(modelLive(m.urn));
    if (own) {
      // the header keeps where the episode began; the follow-up says this move
      const began = own.models[m.urn]?.from ?? t.from;
      own.models[m.urn] = { ...m, from: began };
      if (t.to === 'trusted') {
        this.live[modelLive(m.urn)] = null;
        this.resolve(own, t.at, [m], t.id, st.queuedAt);
        return;
      }
      own.headline = modelHeadline(m.name, began, t.to);
      if (st.story.length) own.story = st.story;
      for (const [channel, ch] of Object.entries(own.channels))
        if (ch.posted && !quiet)
          this.replyIn(own, channel, ch, t.id, followupMessage(own, [m], []), 'followup', st.queuedAt);
      this.addChannels(own, st.routes, t.id, st.queuedAt);
      this.save(own);
      return;
    }
    if (t.to === 'trusted') return;
    const id = modelAlertId(m.urn, t.seq);
    if (this.states[id]) return;
    const s: AlertState = {
      id,
      kind: 'model',
      key: m.urn,
      headline: modelHeadline(m.name, t.from, t.to),
      story: st.story,
      since: t.at,
      raisedAt: this.ctx.now,
      status: 'open',
      models: { [m.urn]: m },
      modelCount: 1,
      ...(st.incident ? { incident: st.incident } : {}),
      links: st.links,
      channels: {},
    };
    this.opened(s, st, t.id, modelLive(m.urn));
  }

  /** More first messages for one channel than `digestAbove` in this cycle: one digest instead. */
  private digests(): void {
    const firsts = new Map<string, Delivery[]>();
    for (const d of this.deliveries)
      if (d.what === 'alert' && !d.reply) firsts.set(d.channel, [...(firsts.get(d.channel) ?? []), d]);
    for (const [channel, list] of firsts) {
      if (list.length <= this.ctx.digestAbove) continue;
      const drop = new Set(list);
      const alerts = list.map((d) => this.states[d.threads[0]!.alert]!);
      for (const a of alerts) a.channels[channel]!.digest = true;
      const at = this.deliveries.indexOf(list[0]!);
      const digest: Delivery = {
        id: `digest|${this.ctx.cycle}|${channel}`,
        channel,
        threads: list.map((d) => d.threads[0]!),
        reply: false,
        message: digestMessage(alerts.map((a) => ({ alert: a, channel: a.channels[channel]! }))),
        what: 'digest',
        queuedAt: Math.min(...list.map((d) => d.queuedAt)),
      };
      const kept = this.deliveries.filter((d) => !drop.has(d));
      kept.splice(Math.min(at, kept.length), 0, digest);
      this.deliveries.splice(0, this.deliveries.length, ...kept);
    }
  }

  finish(): Plan {
    this.digests();
    return {
      states: Object.fromEntries([...this.changed].map((id) => [id, this.states[id]!])),
      live: this.live,
      deliveries: this.deliveries,
      unroutable: this.unroutable,
    };
  }
}
