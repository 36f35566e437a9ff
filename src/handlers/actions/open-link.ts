import type { AllMiddlewareArgs, SlackActionMiddlewareArgs } from '@slack/bolt';

/** The verdict's link buttons: the browser opens the URL, and Slack still reports the click, which must be acked. */
export const openLink = async ({ ack }: SlackActionMiddlewareArgs & AllMiddlewareArgs): Promise<void> => {
  await ack();
};
