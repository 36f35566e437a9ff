import { describe, expect, it } from 'vitest';
import type { OwnersView } from '../../src/app/owners.js';
import { ownersMessage } from '../../src/slack/command-replies.js';

const view = (over: Partial<OwnersView>): OwnersView => ({
  entity: {
    urn: 'urn:li:dataset:(urn:li:dataPlatform:snowflake,ml.uplift_training_set,PROD)',
    name: 'uplift_training_set',
    kind: 'dataset',
  },
  owners: [],
  channels: [],
  mentioned: [],
  orphans: [],
  judged: false,
  ...over,
});

const where = (v: OwnersView) => /\*Alerts go to:\* ([^\n]*)/.exec(JSON.stringify(ownersMessage(v).blocks))?.[1];

describe('/janus owners: where its alerts go', () => {
  it('links a channel id as Slack shows it (<#C…>), and names a channel name', () => {
    expect(where(view({ channels: ['C0RISKML1', 'growth-ml-alerts'] }))).toMatch(/^<#C0RISKML1>, #growth-ml-alerts/);
  });

  it('links the fallback channel too, when it is an id', () => {
    expect(where(view({ fallback: 'C0FALLBACK' }))).toMatch(/^<#C0FALLBACK> \(the fallback/);
    expect(where(view({ fallback: '#janus-alerts' }))).toMatch(/^#janus-alerts \(the fallback/);
  });
});
