import type { Queue } from 'bullmq';
import { z } from 'zod';
import { FALLBACK, channelKey, routeAlert, routeEntity, type RoutedEntity } from '../core/alerts/routing.js';
import { shortName } from '../core/names.js';
import { orphanMessagesFor } from '../core/orphans.js';
import type { DataHubClient } from '../datahub/client.js';
import { readAlertRouting } from '../datahub/read-alert-routing.js';
import type { Logger } from '../log.js';
import type { SlackMessage } from '../slack/present/kit.js';
import { entityUrl } from '../core/links.js';
import type { Delivery } from '../slack/alerts/types.js';
import { orphanDigest, orphanMessage, withClaim, withOwner, type OrphanPing } from '../slack/orphan-blocks.js';
import { orphanThread, type OrphanRecord, type OrphanStore } from '../slack/orphan-store.js';
import { queueDeliveries } from './alert-consumer.js';
import type { AlertMetrics } from './alert-metrics.js';
import type { AlertStore } from './alert-store.js';
import { processor } from './processor.js';
import { classify, type SlackClient } from './slack-client.js';

export interface OrphanPingDeps {
  client: DataHubClient;
  orphans: OrphanStore;
  alerts: AlertStore;
  slack: SlackClient;
  delivery: Queue;
  metrics: AlertMetrics;
  logger: Logger;
  fallbackChannel?: string;
  digestAbove: number;
  datahubUiUrl?: string;
}

const recordShape = z.looseObject({ urn: z.string(), episode: z.number(), channels: z.array(z.string()) });
export const orphansData = z.object({ cycle: z.string(), added: z.array(z.string()), owned: z.array(recordShape) });

/**
 * The `orphans` job (slack-delivery queue): the new orphans of a cycle pinged in the channels of the owners of the
 * models reading them, and in the fallback channel (one message each, or a digest past `slack.digestAbove`); the
 * pings of orphans someone now owns updated in every channel. Messages go through delivery (paced, in order, never
 * twice: job ids from the orphan's episode and the channel).
 */
export async function runOrphanPings(
  data: z.infer<typeof orphansData>,
  queuedAt: number,
  deps: OrphanPingDeps,
): Promise<{ queued: number; updated: number }> {
  const records = (await Promise.all(data.added.map((u) => deps.orphans.get(u)))).filter((r) => !!r);
  const queued = records.length ? await pingOrphans(records, data.cycle, queuedAt, deps) : 0;
  let updated = 0;
  for (const r of data.owned as unknown as OrphanRecord[]) updated += await showOwned(r, deps);
  return { queued, updated };
}

/** The `orphans` job. */
export const orphansProcessor = (deps: OrphanPingDeps, ping = runOrphanPings) =>
  processor('orphans', orphansData, (data, job) => ping(data, job.timestamp, deps));

async function pingOrphans(records: OrphanRecord[], cycle: string, queuedAt: number, deps: OrphanPingDeps) {
  const facts = await readAlertRouting(deps.client, [...new Set(records.flatMap((r) => r.models))]);
  const none = (urn: string): RoutedEntity => ({ urn, name: shortName(urn), owners: [] });
  const nameOf = (urn: string) => ({ urn, name: facts.get(urn)?.name ?? shortName(urn) });
  const byChannel = new Map<string, OrphanPing[]>();
  const add = (channel: string, p: OrphanPing) => byChannel.set(channel, [...(byChannel.get(channel) ?? []), p]);
  const fallback = deps.fallbackChannel ? channelKey(deps.fallbackChannel) : undefined;
  for (const r of records) {
    const routes = routeAlert(
      undefined,
      r.models.map((m) => ({ urn: m, route: routeEntity(facts.get(m) ?? none(m)) })),
    );
    const datahubUrl = entityUrl(deps.datahubUiUrl, r.urn);
    const base = { urn: r.urn, name: r.name, kind: r.kind, departed: r.departed, modelCount: r.modelCount };
    // a channel whose models' "No owner" alert names it hears of it there (with Claim), not in a second message
    const alerted = new Set(r.alerted ?? []);
    for (const [channel, route] of Object.entries(routes))
      if (channel !== FALLBACK && channel !== fallback && !route.models.every((m) => alerted.has(m)))
        add(channel, { ...base, models: route.models.map(nameOf), yours: true, ...(datahubUrl ? { datahubUrl } : {}) });
    if (fallback)
      add(fallback, { ...base, models: r.models.map(nameOf), yours: false, ...(datahubUrl ? { datahubUrl } : {}) });
  }
  const deliveries: Delivery[] = [];
  const messages = new Map<string, Record<string, SlackMessage>>();
  const keep = (r: Pick<OrphanPing, 'urn'>, channel: string, m: SlackMessage) => {
    const rec = records.find((x) => x.urn === r.urn)!;
    const t = orphanThread(rec);
    messages.set(t, { ...(messages.get(t) ?? {}), [channel]: m });
  };
  for (const [channel, pings] of byChannel) {
    const plan = orphanMessagesFor(pings, deps.digestAbove);
    if ('digest' in plan) {
      const message = orphanDigest(plan.digest);
      for (const p of plan.digest) keep(p, channel, message);
      deliveries.push({
        id: `orphans:${cycle}@${channel}`,
        channel,
        threads: plan.digest.map((p) => ({ alert: orphanThread(records.find((x) => x.urn === p.urn)!), seq: 1 })),
        reply: false,
        message,
        what: 'orphan-digest',
        queuedAt,
      });
    } else
      for (const p of plan.single) {
        const message = orphanMessage(p);
        const thread = orphanThread(records.find((x) => x.urn === p.urn)!);
        keep(p, channel, message);
        deliveries.push({
          id: `${thread}@${channel}`,
          channel,
          threads: [{ alert: thread, seq: 1 }],
          reply: false,
          message,
          what: 'orphan',
          queuedAt,
        });
      }
  }
  for (const [thread, perChannel] of messages) await deps.orphans.saveMessages(thread, perChannel);
  for (const r of records)
    await deps.orphans.setChannels(
      r.urn,
      [...byChannel].filter(([, ps]) => ps.some((p) => p.urn === r.urn)).map(([c]) => c),
    );
  const unroutable = records.filter((r) => ![...byChannel.values()].some((ps) => ps.some((p) => p.urn === r.urn)));
  await queueDeliveries(
    { deliveries, unroutable: unroutable.map((r) => ({ alert: orphanThread(r), models: r.models })) },
    deps,
  );
  return deliveries.length;
}

/** An orphan someone owns now: each of its pings shows it (who claimed it from Slack, or that it has an owner again). */
async function showOwned(r: OrphanRecord, deps: OrphanPingDeps): Promise<number> {
  const thread = orphanThread(r);
  let updated = 0;
  for (const channel of r.channels) {
    const [where, message] = await Promise.all([
      deps.alerts.thread(thread, channel),
      deps.orphans.message(thread, channel),
    ]);
    if (!where?.ts || !message) continue;
    const blocks = r.claimed
      ? withClaim(message.blocks, r.urn, {
          slackId: r.claimed.slackId,
          name: r.claimed.name,
          at: r.claimed.at,
          removed: [],
        })
      : withOwner(message.blocks, r.urn);
    try {
      await deps.slack.chat.update({
        channel: where.channel ?? channel,
        ts: where.ts,
        text: message.text,
        blocks: blocks as never,
      });
      deps.metrics.updated();
      updated++;
    } catch (err) {
      const f = classify(err);
      // an edit sent twice shows the same: a lost answer is retried like a refused call
      if (f.kind === 'rate_limited') throw new Error('Slack did not take the edit (rate limited): retried');
      if (f.kind === 'transient' || f.kind === 'unanswered')
        throw new Error(`Slack did not take the edit (${f.error}): retried`);
      deps.logger.warn({ channel, error: f.error, orphan: r.urn }, 'could not show that the orphan has an owner');
    }
  }
  await deps.orphans.dropMessages(thread, r.channels);
  return updated;
}
