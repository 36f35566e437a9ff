import type { VerdictHistory } from '../../history/index.js';
import type { Logger } from '../../log.js';
import type { SlackMessage } from '../../slack/present/kit.js';
import { atRiskMessage } from '../../slack/command-replies.js';
import type { UsageProblem } from '../../slack/command-text.js';
import { failedMessage } from '../../slack/messages.js';
import { shown } from '../../slack/visibility.js';
import { defineCommand } from './command.js';

export interface AtRiskCommandDeps {
  history: VerdictHistory;
  /** A model's report, where Janus is reachable. */
  reportUrl: (urn: string) => string | undefined;
  /** The page listing every model not trusted, where Janus is reachable: a long list links its rest there. */
  atRiskUrl?: () => string | undefined;
  logger: Logger;
}

interface AtRiskRequest {
  kind: 'at-risk';
  public: boolean;
}

/** `/janus at-risk`: the latest cycle's models not trusted, worst first. From the scan history: no DataHub read. */
export const atRisk = defineCommand({
  name: 'at-risk',
  usage: '/janus at-risk',
  summary: "the catalog's models not trusted, worst first (the last cycle's)",
  hint: 'at-risk',
  parse: (args): AtRiskRequest | UsageProblem => args.none() ?? { kind: 'at-risk', public: args.public },
  run: (deps: AtRiskCommandDeps, request) => atRiskReply(deps, request),
});

async function atRiskReply(deps: AtRiskCommandDeps, request: AtRiskRequest): Promise<SlackMessage> {
  try {
    const all = await deps.history.latest();
    const risky = all.filter((s) => s.band !== 'trusted');
    return shown(
      atRiskMessage(risky, risky.length, all.length > 0, deps.reportUrl, deps.atRiskUrl?.(), all),
      request.public,
    );
  } catch (err) {
    deps.logger.error({ err: err instanceof Error ? err.message : String(err) }, '/janus at-risk failed');
    return failedMessage('at-risk');
  }
}
