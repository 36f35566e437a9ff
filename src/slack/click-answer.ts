import type { IncidentView } from '../app/incident-action.js';
import type { Logger } from '../log.js';
import { withIncidentControls } from './present/incident-controls.js';
import type { SlackMessage } from './present/kit.js';
import type { IncidentClick, Reply } from './click-payload.js';
import type { IncidentHandlerDeps, ShowOn } from './incident-deps.js';

/**
 * How Argos answers an incident click, by where it came from (docs/slack.md, "Where a click is answered"):
 * - a channel message: its controls redrawn with `chat.update` (and tracked for the reverse sync); a reply through the
 *   `response_url` only when the message does not say it all;
 * - an ephemeral message (`container.is_ephemeral`): Slack cannot `chat.update` it, so it is replaced through its
 *   `response_url` (`replace_original`), never tracked; without its blocks in the payload, a new ephemeral says it;
 * - App Home (`container.type: "view"`, no `response_url`): the clicker's Home published again with the incident's
 *   real state and the answer on top: Home is private to them and where they are looking;
 * - a modal: a reply through the `response_url` if there is one, else only the log.
 */
export interface ClickAnswer {
  /** Where the incident's status is drawn, under its lock; none: `tell` says it (`confirm`). */
  showOn?: ShowOn;
  /** Whether the answer must say the outcome itself (nothing the clicker sees is redrawn with it). */
  confirm: boolean;
  /** Draws a status read without acting (Resolve on an incident already resolved). */
  show(view: IncidentView): Promise<void>;
  /** Tells the clicker, only them (App Home: published again, with or without a message). Never throws. */
  tell(message: SlackMessage | undefined): Promise<void>;
}

const detail = (err: unknown) => (err instanceof Error ? err.message : String(err));

export function clickAnswer(
  deps: Pick<IncidentHandlerDeps, 'show' | 'home'>,
  click: IncidentClick,
  reply: Reply | undefined,
  log: Logger,
): ClickAnswer {
  const viaReply = async (message: SlackMessage | undefined) => {
    if (!message) return;
    if (!reply) return log.warn({ origin: click.origin }, 'nowhere to tell the clicker: Slack sent no response_url');
    await reply({ ...message, replace_original: false }).catch((e: unknown) =>
      log.error({ err: detail(e) }, 'could not tell the clicker'),
    );
  };
  switch (click.origin) {
    case 'message': {
      const message = click.message;
      return {
        ...(message ? { showOn: { message } } : {}),
        confirm: !message,
        show: async (view) => void (message && (await deps.show(message, view))),
        tell: viaReply,
      };
    }
    case 'ephemeral': {
      const shown = click.ephemeral;
      const draw =
        shown && reply
          ? async (view: IncidentView) => {
              await reply({
                response_type: 'ephemeral',
                replace_original: true,
                text: shown.text || view.title,
                blocks: withIncidentControls(shown.blocks, view),
              });
            }
          : undefined;
      return {
        ...(draw ? { showOn: { draw } } : {}),
        confirm: !draw,
        show: async (view) => void (await draw?.(view)),
        tell: viaReply,
      };
    }
    case 'home':
      return {
        confirm: true,
        show: async () => {},
        tell: async (message) => {
          if (!deps.home) return log.warn('a click in App Home, and no App Home to draw again');
          await deps
            .home(click.user, message)
            .catch((e: unknown) => log.error({ err: detail(e) }, 'could not publish App Home again'));
        },
      };
    case 'modal':
      return { confirm: true, show: async () => {}, tell: viaReply };
  }
}
