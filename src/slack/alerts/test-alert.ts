import type { SlackMessage } from '../present/kit.js';
import { mention } from '../present/mrkdwn.js';
import { alertMessage } from './render.js';
import type { AlertState } from './types.js';

/** The example model a test alert lists: named so nobody takes it for one of theirs. */
export const TEST_MODEL = 'example_model (a test)';

/**
 * `/janus test`'s alert: an alert as Argos posts them (the same `alertMessage`), about nothing real. It names who
 * asked, mentions nobody else, and has no buttons (no incident to act on, no report to open).
 */
export function testAlertMessage(t: { by: string; at: Date }): SlackMessage {
  const state: AlertState = {
    id: `test:${t.at.getTime()}`,
    kind: 'cause',
    key: 'test',
    severity: 'low',
    headline: 'Test alert: nothing is wrong',
    story: [
      'Argos can post in this channel.',
      'Real alerts look like this one: what happened upstream, the models it hurts, their owners, and buttons to act.',
    ],
    since: t.at.toISOString(),
    raisedAt: t.at.getTime(),
    status: 'open',
    models: {
      'urn:janus:test': { urn: 'urn:janus:test', name: TEST_MODEL, band: 'caution', from: 'trusted', score: 72 },
    },
    modelCount: 1,
    links: {},
    channels: {},
  };
  // the story is escaped as text; the note is mrkdwn, so the asker's mention works there
  return alertMessage(
    state,
    { models: ['urn:janus:test'], mentions: [] },
    `A test ${mention(t.by)} asked for with \`/janus test\`: no action needed.`,
  );
}
