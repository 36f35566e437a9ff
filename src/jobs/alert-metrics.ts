import { Counter, Histogram, type Registry } from 'prom-client';

/** The Slack alerts' metrics, on the process's registry (served at /metrics by `janus serve`). */
export function createAlertMetrics(registry: Registry) {
  const registers = [registry];
  const messages = new Counter({
    name: 'janus_slack_messages_total',
    help: 'Slack messages of the alerts, by what they are and what became of them (posted, updated, fallback, found)',
    labelNames: ['what', 'outcome'] as const,
    registers,
  });
  const failed = new Counter({
    name: 'janus_slack_failed_total',
    help: 'Slack alert messages that failed for good (kept as failed jobs of the slack queue), by the reason Slack gave',
    labelNames: ['reason'] as const,
    registers,
  });
  const limited = new Counter({
    name: 'janus_slack_rate_limited_total',
    help: 'Slack answers of 429 (the message waits the Retry-After, its channel held as long)',
    registers,
  });
  const retried = new Counter({
    name: 'janus_slack_retries_total',
    help: 'Slack calls of the alerts that failed and are retried with backoff (Slack down, 5xx, network)',
    registers,
  });
  const delay = new Histogram({
    name: 'janus_slack_alert_delay_seconds',
    help: 'From a transition queued (its cycle committed) to its first Slack message posted',
    buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300],
    registers,
  });
  const unroutable = new Counter({
    name: 'janus_slack_unroutable_total',
    help: 'Alerts (or models of one) that reached no channel, with no fallback channel set: logged only',
    registers,
  });
  return {
    posted(what: string, seconds: number, fallback: boolean) {
      messages.inc({ what, outcome: fallback ? 'fallback' : 'posted' });
      if (what === 'alert' || what === 'digest') delay.observe(seconds);
    },
    /** A post whose answer was lost, found in the channel instead of being sent again. */
    found: (what: string) => messages.inc({ what, outcome: 'found' }),
    updated: () => messages.inc({ what: 'parent', outcome: 'updated' }),
    failed: (reason: string) => failed.inc({ reason }),
    rateLimited: () => limited.inc(),
    retried: () => retried.inc(),
    unroutable: (n = 1) => unroutable.inc(n),
  };
}
export type AlertMetrics = ReturnType<typeof createAlertMetrics>;
