import { describe, expect, it } from 'vitest';
import { LIMITS, type Block } from '../../src/slack/present/kit.js';
import {
  CLAIM_ACTION,
  claimReplies,
  orphanDigest,
  orphanMessage,
  withClaim,
  type OrphanPing,
} from '../../src/slack/orphan-blocks.js';

const ds = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:snowflake,${name},PROD)`;
const model = (name: string) => ({ urn: `urn:li:mlModel:(urn:li:dataPlatform:mlflow,${name},PROD)`, name });
const ping = (name: string, over: Partial<OrphanPing> = {}): OrphanPing => ({
  urn: ds(name),
  name,
  kind: 'dataset',
  departed: [],
  models: [model('fraud'), model('churn'), model('ltv')],
  modelCount: 3,
  yours: true,
  ...over,
});

type Button = { type: string; action_id?: string; value?: string };
/** Every Claim button of a message's blocks (in actions blocks and as accessories). */
const claimButtons = (blocks: Block[]): Button[] =>
  blocks.flatMap((b) => {
    const raw = b as { elements?: Button[]; accessory?: Button };
    return [...(raw.elements ?? []), ...(raw.accessory ? [raw.accessory] : [])].filter(
      (e) => e.type === 'button' && e.action_id === CLAIM_ACTION,
    );
  });

/** Block Kit's limits on a message: blocks, section and context texts, header, block ids, button values. */
function expectWithinLimits(blocks: Block[]): void {
  expect(blocks.length).toBeLessThanOrEqual(LIMITS.blocks);
  for (const b of blocks) {
    const raw = b as {
      block_id?: string;
      text?: { text: string };
      elements?: { text?: string | { text: string }; value?: string }[];
      accessory?: { value?: string; text: { text: string } };
    };
    if (raw.block_id) expect(raw.block_id.length).toBeLessThanOrEqual(255);
    if (b.type === 'header') expect(raw.text!.text.length).toBeLessThanOrEqual(LIMITS.headerText);
    else if (raw.text) expect(raw.text.text.length).toBeLessThanOrEqual(LIMITS.sectionText);
    for (const e of raw.elements ?? []) {
      const t = typeof e.text === 'string' ? e.text : e.text?.text;
      if (t) expect(t.length).toBeLessThanOrEqual(b.type === 'actions' ? 75 : LIMITS.sectionText);
      if (e.value) expect(e.value.length).toBeLessThanOrEqual(2000);
    }
    if (raw.accessory?.value) expect(raw.accessory.value.length).toBeLessThanOrEqual(2000);
  }
}

describe('orphan ping blocks', () => {
  it('one ping: the Claim ownership button carries janus.owner.claim and the orphan urn', () => {
    const m = orphanMessage(ping('raw.events', { datahubUrl: 'https://datahub.example/dataset/x' }));
    expect(m.text).toBe('3 of your models read raw.events, which nobody owns. Claim it in Slack.');
    expect(claimButtons(m.blocks)).toEqual([
      expect.objectContaining({ action_id: CLAIM_ACTION, value: ds('raw.events') }),
    ]);
    expect(JSON.stringify(m.blocks)).toContain('Open in DataHub');
    expectWithinLimits(m.blocks);
  });

  it('names the departed owners, and a model orphan speaks of itself', () => {
    const left = orphanMessage(ping('t', { departed: ['urn:li:corpuser:bob'], yours: false, modelCount: 7 }));
    expect(left.text).toContain('7 models read t, whose only owners have left');
    expect(JSON.stringify(left.blocks)).toContain('Owned only by people who have left: bob');
    const self = orphanMessage(ping('fraud', { kind: 'mlModel', models: [model('fraud')], modelCount: 1 }));
    expect(self.text).toContain('`fraud` has no owner who is still here'.replace(/`/g, ''));
  });

  it('a digest lists each orphan with its own Claim button, one message', () => {
    const pings = ['a', 'b', 'c', 'd'].map((n) => ping(n));
    const d = orphanDigest(pings);
    expect(d.text).toBe('Argos found 4 entities nobody owns.');
    expect(claimButtons(d.blocks).map((b) => b.value)).toEqual(pings.map((p) => p.urn));
    expectWithinLimits(d.blocks);
  });

  it('a digest of thousands of orphans with long names stays within 50 blocks and the text limits, counting the rest', () => {
    const long = 'x'.repeat(5000);
    const pings = Array.from({ length: 2500 }, (_, i) =>
      ping(`${long}_${i}`, {
        // names run long; urns stay within a button value (Slack: 2,000 characters)
        urn: ds(`wide_table_${i}`),
        models: Array.from({ length: 300 }, (_, j) => model(`${long}_${j}`)),
        modelCount: 30_000,
        departed: Array.from({ length: 50 }, (_, j) => `urn:li:corpuser:${long}${j}`),
      }),
    );
    const d = orphanDigest(pings);
    expectWithinLimits(d.blocks);
    expect(d.text.length).toBeLessThanOrEqual(3000);
    const buttons = claimButtons(d.blocks);
    expect(buttons.length).toBeGreaterThan(0);
    expect(new Set(buttons.map((b) => b.value)).size).toBe(buttons.length);
    expect(JSON.stringify(d.blocks.at(-1))).toMatch(/and [\d,]+ more/);
    expect(
      buttons.length + Number(/and ([\d,]+) more/.exec(JSON.stringify(d.blocks.at(-1)))![1]!.replace(/,/g, '')),
    ).toBe(pings.length);
    // one ping of the same orphan stays within the limits too
    expectWithinLimits(orphanMessage(pings[0]!).blocks);
    expect(orphanMessage(pings[0]!).text.length).toBeLessThanOrEqual(3000);
  });

  it('a claim replaces only that orphan’s button in a digest with who claimed it; the others keep theirs', () => {
    const pings = ['a', 'b', 'c', 'd'].map((n) => ping(n));
    const claimed = withClaim(orphanDigest(pings).blocks, ds('b'), {
      slackId: 'U1',
      name: 'Erin',
      at: Date.UTC(2026, 11, 4),
      removed: [],
    });
    expect(claimButtons(claimed).map((b) => b.value)).toEqual([ds('a'), ds('c'), ds('d')]);
    expect(JSON.stringify(claimed)).toContain('*Claimed* by <@U1> (Erin)');
    const single = withClaim(orphanMessage(ping('b')).blocks, ds('b'), {
      slackId: 'U1',
      name: 'Erin',
      at: 0,
      removed: ['urn:li:corpuser:bob'],
    });
    expect(claimButtons(single)).toEqual([]);
    expect(JSON.stringify(single)).toContain('bob removed as owner');
    expect(claimReplies.already('t', ['Erin Walsh'])).toBe('`t` was already claimed by Erin Walsh: nothing changed.');
  });
});
