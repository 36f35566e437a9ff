import type { Logger } from '../../log.js';
import type { SlackMessage } from '../../render/blocks.js';
import type { JanusRequest } from '../../slack/command-text.js';
import { helpMessage, usageMessage } from '../../slack/messages.js';
import { shown } from '../../slack/visibility.js';
import { atRiskReply, type AtRiskCommandDeps } from './at-risk.js';
import { historyReply, type HistoryCommandDeps } from './history.js';
import { ownersReply, type OwnersCommandDeps } from './owners.js';
import { scanReply, type ScanCommandDeps } from './scan.js';
import { snoozeReply, type SnoozeCommandDeps } from './snooze.js';
import { trustReply, type TrustCommandDeps } from './trust.js';
import { unsnoozeReply } from './unsnooze.js';
import { unwatchReply } from './unwatch.js';
import { watchReply, type WatchCommandDeps } from './watch.js';
import { watchingReply } from './watching.js';

export type JanusCommandDeps = SnoozeCommandDeps &
  TrustCommandDeps &
  HistoryCommandDeps &
  AtRiskCommandDeps &
  OwnersCommandDeps &
  ScanCommandDeps &
  WatchCommandDeps & { logger: Logger };

/** Who asked, and how to tell them more later (the command's `respond`). */
export interface Asker {
  user: string;
  team?: string;
  later: (m: SlackMessage) => Promise<void>;
}

/** Any `/janus` request (typed, or a candidate button's) to its answer: each command's handler, one file each. */
export async function answerRequest(deps: JanusCommandDeps, r: JanusRequest, asker: Asker): Promise<SlackMessage> {
  const log = deps.logger.child({ command: `/janus ${r.kind}`, user: asker.user, team: asker.team });
  switch (r.kind) {
    case 'help':
      return shown(helpMessage(), r.public);
    case 'usage':
      return usageMessage(r.problem, r.usage);
    case 'trust':
      return trustReply(deps, r, log.child({ model: r.model }));
    case 'history':
      return historyReply(deps, r);
    case 'at-risk':
      return atRiskReply(deps, r);
    case 'owners':
      return ownersReply(deps, r);
    case 'scan':
      return scanReply(deps, r, asker.user, asker.later);
    case 'watch':
      return watchReply(deps, r, asker.user);
    case 'unwatch':
      return unwatchReply(deps, r, asker.user);
    case 'watching':
      return watchingReply(deps, r, asker.user);
    case 'snooze':
      return snoozeReply(deps, r.target, r.ms, asker.user, r);
    case 'unsnooze':
      return unsnoozeReply(deps, r.target, asker.user, r);
  }
}
