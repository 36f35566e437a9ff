import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PICTURES, type Picture } from '../../scripts/slack-pictures/scenarios.js';
import type { Block } from '../../src/slack/present/kit.js';

/** docs/slack.md's pictures: each made by the real builders, saying what its caption says, and each one shown. */

const ROOT = join(import.meta.dirname, '../..');
const picture = (file: string): Picture => {
  const p = PICTURES.find((x) => x.file === file);
  if (!p) throw new Error(`no picture ${file}`);
  return p;
};
const texts = (p: Picture['parent']): string[] =>
  // a Home view's blocks are typed as any block; Janus builds only known ones
  (p.blocks as Block[]).flatMap((b) => {
    if (b.type === 'section' || b.type === 'header') return b.text ? [b.text.text] : [];
    if (b.type === 'context') return b.elements.map((e) => ('text' in e ? e.text : ''));
    return [];
  });

/** How many different names `pattern` finds in the text (link targets aside: a report's URL names its model too). */
const named = (text: string, pattern: RegExp) =>
  new Set(text.replace(/<https?:[^|>]*\|/g, '<').match(pattern) ?? []).size;

describe('the Slack pictures', () => {
  it('are each a message (or view) of blocks, with one file each', () => {
    expect(new Set(PICTURES.map((p) => p.file)).size).toBe(PICTURES.length);
    for (const p of PICTURES) expect(p.parent.blocks.length, p.file).toBeGreaterThan(0);
  });

  it('show an alert naming 40 models: 10 by name (worst first), the 30 others counted, on a desktop and a phone', () => {
    const [desktop, phone] = ['slack-alert-40-models.png', 'slack-alert-40-models-phone.png'].map(picture);
    expect(phone!.frame).toBe('phone');
    expect(phone!.parent).toBe(desktop!.parent);
    const all = texts(desktop!.parent).join('\n');
    expect(all).toMatch(/\b40 models\b/);
    expect(named(all, /(?:fraud|chargeback|credit_limit|churn|ltv|upsell|pricing|demand)_[a-z]+_v\d/g)).toBe(10);
    expect(all).toMatch(/…and 30 more models/);
  });

  it('show /janus at-risk for 44 models as 20 whole rows and "…and 24 more"', () => {
    const all = texts(picture('slack-at-risk.png').parent);
    expect(all[0]).toMatch(/\b44 models\b/);
    expect(named(all.join('\n'), /[a-z_]+_model_v\d/g)).toBe(20);
    expect(all.at(-1)).toMatch(/^…and 24 more models: <https:\/\/janus\.example\.com\/at-risk\|/);
  });

  it('show App Home with incidents open, acknowledged and reopened, each with its buttons', () => {
    const all = texts(picture('slack-app-home.png').parent).join('\n');
    expect(all).toMatch(/Open\W+nobody has acknowledged it/);
    expect(all).toMatch(/Acknowledged\W+by Erin Walsh/);
    expect(all).toMatch(/Reopened\W+by Janus/);
  });

  it('are every picture docs/slack.md shows, and docs/img holds no other Slack picture', () => {
    const doc = readFileSync(join(ROOT, 'docs/slack.md'), 'utf8');
    const shown = new Set([...doc.matchAll(/img\/(slack-[\w-]+\.png)/g)].map((m) => m[1]));
    const made = PICTURES.map((p) => p.file);
    expect([...shown].sort()).toEqual([...made].sort());
    const onDisk = readdirSync(join(ROOT, 'docs/img')).filter((f) => /^slack-.*\.png$/.test(f));
    expect(onDisk.sort()).toEqual([...made].sort());
  });
});
