import type { VerdictHistory } from '../../history/index.js';
import type { Logger } from '../../log.js';
import type { SlackMessage } from '../../render/blocks.js';
import { atRiskMessage } from '../../slack/command-replies.js';
import type { JanusRequest } from '../../slack/command-text.js';
import { failedMessage } from '../../slack/messages.js';
import { shown } from '../../slack/visibility.js';

export interface AtRiskCommandDeps {
  history: VerdictHistory;
  /** A model's report, where Janus is reachable. */
  reportUrl: (urn: string) => string | undefined;
  logger: Logger;
}

/** `/janus at-risk`: the latest cycle's models not trusted, worst first. From the scan history: no DataHub read. */
export async function atRiskReply(
  deps: AtRiskCommandDeps,
  request: Extract<JanusRequest, { kind: 'at-risk' }>,
): Promise<SlackMessage> {
  try {
    const all = await deps.history.latest();
    const risky = all.filter((s) => s.band !== 'trusted');
    return shown(atRiskMessage(risky, risky.length, all.length > 0, deps.reportUrl), request.public);
  } catch (err) {
    deps.logger.error({ err: err instanceof Error ? err.message : String(err) }, '/janus at-risk failed');
    return failedMessage('at-risk');
  }
}
