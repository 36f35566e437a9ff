import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from '@slack/bolt';
import type { HomePublisher } from '../../slack/orphan-deps.js';

/** `app_home_opened` on the Home tab: the member's App Home, drawn from the history in Redis and published. */
export const appHomeOpened =
  (home: HomePublisher) =>
  async ({ event }: SlackEventMiddlewareArgs<'app_home_opened'> & AllMiddlewareArgs): Promise<void> => {
    if (event.tab && event.tab !== 'home') return;
    await home
      .publish(event.user)
      .catch((err: unknown) =>
        home.logger.warn(
          { user: event.user, err: err instanceof Error ? err.message : String(err) },
          'could not publish App Home',
        ),
      );
  };
