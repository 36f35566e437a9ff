import { webApi } from '@slack/bolt';
import type { Redis } from 'ioredis';
import type { IncidentView } from '../app/incident-action.js';
import { redisIncidentLocks, type IncidentLocks } from '../app/incident-lock.js';
import { statusFingerprint, type IncidentStatus } from '../core/incident-status.js';
import { priorResolutionOf } from '../core/writeback/human-resolutions.js';
import type { DataHubClient } from '../datahub/client.js';
import { readIncidentStatuses } from '../datahub/incident-facts.js';
import type { Logger } from '../log.js';
import { SLACK_RETRY } from './bolt-app.js';
import { RedisIncidentMessages, type IncidentMessages } from './incident-messages.js';
import { showIncident, slackIncidentApi, type SlackIncidentApi } from './incident-show.js';
import { boltLogger } from './logger.js';
import { janusReopenReply } from './present/incident-replies.js';
import { plain } from './present/mrkdwn.js';

/**
 * Reverse sync: an incident acknowledged, resolved or reopened in DataHub by any client (its UI, a script, Janus's own
 * write-back) changes the Slack messages showing it. Run once a cycle: one read of the tracked incidents' status (a
 * hundred a request), and a `chat.update` only for a message whose status differs from what it shows.
 */
export interface IncidentSyncDeps {
  client: DataHubClient;
  messages: IncidentMessages;
  api: SlackIncidentApi;
  /** The same locks as the buttons': a click and the sync never draw one incident at once. */
  locks: IncidentLocks;
  logger: Logger;
}

export interface SyncResult {
  tracked: number;
  updated: number;
  replies: number;
  failed: number;
}

/** Slack's answers for a message `chat.update` can never reach (an ephemeral one has no ts Slack knows). */
const UNUPDATABLE = new Set(['message_not_found', 'cant_update_message', 'channel_not_found', 'is_archived']);
const slackError = (err: unknown): string | undefined =>
  (err as { data?: { error?: unknown } } | null)?.data?.error as string | undefined;

/** Janus reopened a person's FIXED: the evidence is still there, said in the message's thread. */
const reopenedByJanus = (s: IncidentStatus) => s.state === 'ACTIVE' && /^Reopened by Janus\b/.test(s.message ?? '');

export async function syncIncidentMessages(deps: IncidentSyncDeps): Promise<SyncResult> {
  const result: SyncResult = { tracked: 0, updated: 0, replies: 0, failed: 0 };
  const urns = await deps.messages.tracked();
  result.tracked = urns.length;
  if (!urns.length) return result;
  const statuses = await readIncidentStatuses(deps.client, urns);
  for (const urn of urns) {
    const now = statuses.get(urn);
    if (!now) continue;
    const fingerprint = statusFingerprint(now.status);
    const behind = (await deps.messages.find(urn)).filter((m) => m.shown[urn] !== fingerprint);
    if (!behind.length) continue;
    const view: IncidentView = { urn, title: now.title, status: now.status, people: now.people };
    await deps.locks.run(urn, async () => {
      let reply: string | undefined;
      for (const m of behind) {
        const log = deps.logger.child({ incident: urn, channel: m.channel, ts: m.ts });
        try {
          if (!(await showIncident(deps, m, view))) continue;
          result.updated++;
          if (reopenedByJanus(now.status)) {
            reply ??= await reopenReply(deps, now.status.message!, log);
            await deps.api.reply(m.channel, m.threadTs ?? m.ts, reply);
            result.replies++;
          }
        } catch (err) {
          result.failed++;
          log.warn({ err: err instanceof Error ? err.message : String(err) }, 'could not update the Slack message');
          // never again: an ephemeral message tracked by an older Janus, or a message deleted since
          if (UNUPDATABLE.has(slackError(err) ?? '')) await deps.messages.forget(m.channel, m.ts);
        }
      }
    });
  }
  if (result.updated || result.failed) deps.logger.info({ ...result }, 'Slack incident messages brought up to date');
  return result;
}

/**
 * Janus's reopening, said in the thread: why, and whose resolution it undid (their note kept in the reopening message),
 * mentioning them (`<@U…>`, found by the email Janus recorded) so they hear of it; their DataHub name when Slack has
 * no member with that email.
 */
async function reopenReply(deps: IncidentSyncDeps, message: string, log: Logger): Promise<string> {
  const [first = message] = message.split('\n');
  const why = first.replace(/^Reopened by Janus: /, '');
  const prior = priorResolutionOf(message);
  if (!prior) return janusReopenReply(why, undefined);
  const member = prior.email
    ? await deps.api.memberByEmail(prior.email).catch((err: unknown) => {
        log.warn({ err: err instanceof Error ? err.message : String(err) }, 'could not look up who resolved it');
        return undefined;
      })
    : undefined;
  const who = member ? `<@${member}>` : prior.name ? `*${plain(prior.name)}*` : undefined;
  return janusReopenReply(why, {
    ...(who ? { who } : {}),
    ...(prior.stage ? { stage: prior.stage.toLowerCase() } : {}),
    ...(prior.note ? { note: prior.note } : {}),
  });
}

/** The reverse sync of a service process: its own WebClient, the message store and locks under the service's prefix. */
export function serviceIncidentSync(o: {
  slack: { botToken: string; apiUrl: string };
  client: DataHubClient;
  redis: Redis;
  prefix: string;
  logger: Logger;
}): (client?: DataHubClient) => Promise<SyncResult> {
  const logger = o.logger.child({ unit: 'slack-sync' });
  const web = new webApi.WebClient(o.slack.botToken, {
    slackApiUrl: o.slack.apiUrl,
    retryConfig: SLACK_RETRY,
    timeout: 10_000,
    logger: boltLogger(logger),
  });
  const deps: IncidentSyncDeps = {
    client: o.client,
    messages: new RedisIncidentMessages(o.redis, o.prefix),
    api: slackIncidentApi(web),
    locks: redisIncidentLocks(o.redis, o.prefix),
    logger,
  };
  return (client) => syncIncidentMessages(client ? { ...deps, client } : deps);
}
