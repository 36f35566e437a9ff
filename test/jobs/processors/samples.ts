import type { CommitData, NotificationData } from '../../../src/queues/payloads.js';

export const MODEL = { urn: 'urn:li:mlModel:(urn:li:dataPlatform:mlflow,churn,PROD)', name: 'churn' };
export const DATASET = 'urn:li:dataset:(urn:li:dataPlatform:snowflake,events,PROD)';
export const CAUSE = `${DATASET}|freshness-lag`;

/** A model moving to at_risk because of one root cause on a dataset. */
export const bandNotification: NotificationData = {
  transition: {
    kind: 'band',
    id: `band:${MODEL.urn}:2`,
    seq: 2,
    at: '2026-12-06T08:00:00.000Z',
    model: MODEL,
    from: 'caution',
    to: 'at_risk',
    score: 20,
    previousScore: 55,
    causes: [CAUSE],
    causeCount: 1,
  },
  incidents: [],
  owners: ['urn:li:corpuser:ana'],
  datasets: [DATASET],
};

export const commitSample: CommitData = {
  cycle: 'c1',
  startedAt: Date.parse('2026-12-06T08:00:00Z'),
  full: false,
  judged: 1,
  models: [MODEL.urn],
  announced: { [MODEL.urn]: { name: 'churn', band: 'at_risk', score: 20, since: '2026-12-06T08:00:00.000Z', seq: 2 } },
  causes: {},
  notifications: [bandNotification],
};

export const deliverySample = {
  id: `cause:${CAUSE}#1@#ml-team`,
  channel: '#ml-team',
  threads: [{ alert: `cause:${CAUSE}#1`, seq: 1 }],
  reply: false,
  message: { text: 'churn is at risk', blocks: [{ type: 'section' }] },
  what: 'alert' as const,
  queuedAt: Date.parse('2026-12-06T08:00:00Z'),
};
