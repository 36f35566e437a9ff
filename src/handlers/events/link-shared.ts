import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from '@slack/bolt';
import { z } from 'zod';
import type { Logger } from '../../log.js';
import { linkTarget, unfurlCard, type UnfurlDeps } from '../../slack/unfurl.js';

export interface UnfurlHandlerDeps extends UnfurlDeps {
  datahubUiUrl?: string;
  reportBaseUrl: () => string;
  logger: Logger;
}

const eventSchema = z.object({
  channel: z.string(),
  message_ts: z.string(),
  unfurl_id: z.string().optional(),
  source: z.enum(['composer', 'conversations_history']).optional(),
  links: z.array(z.object({ url: z.string().max(3000), domain: z.string() })).max(20),
});

/** Links one message unfurls at most (Slack sends up to a few per message). */
const MAX_LINKS = 5;

/**
 * `link_shared`: the DataHub model and dataset pages and the Janus reports among the links become cards, in one
 * `chat.unfurl`. Other links on those domains are left alone.
 */
export const linkShared =
  (deps: UnfurlHandlerDeps) =>
  async ({ event, client }: SlackEventMiddlewareArgs<'link_shared'> & AllMiddlewareArgs): Promise<void> => {
    const parsed = eventSchema.safeParse(event);
    if (!parsed.success) {
      deps.logger.warn({ err: parsed.error.message }, 'a link_shared event Argos cannot read');
      return;
    }
    const e = parsed.data;
    const where = { datahubUiUrl: deps.datahubUiUrl, reportBaseUrl: deps.reportBaseUrl() };
    const unfurls: Record<string, { blocks: unknown[] }> = {};
    for (const link of e.links.slice(0, MAX_LINKS)) {
      const target = linkTarget(link.url, where);
      if (!target || unfurls[link.url]) continue;
      try {
        unfurls[link.url] = { blocks: await unfurlCard(deps, target) };
      } catch (err) {
        deps.logger.warn({ url: link.url, err: err instanceof Error ? err.message : String(err) }, 'no unfurl card');
      }
    }
    if (!Object.keys(unfurls).length) return;
    const at =
      e.unfurl_id && e.source ? { unfurl_id: e.unfurl_id, source: e.source } : { channel: e.channel, ts: e.message_ts };
    try {
      await client.chat.unfurl({ ...at, unfurls } as Parameters<typeof client.chat.unfurl>[0]);
      deps.logger.info({ links: Object.keys(unfurls).length, channel: e.channel }, 'links unfurled');
    } catch (err) {
      deps.logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'chat.unfurl failed');
    }
  };
