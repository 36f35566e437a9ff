import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { opening } from '../../src/core/argos.js';
import { RAISED_STATUS } from '../../src/core/incident-status.js';
import { alertMessage } from '../../src/slack/alerts/render.js';
import type { AlertState } from '../../src/slack/alerts/types.js';
import { incidentButtons } from '../../src/slack/present/incident-controls.js';
import { context, LIMITS } from '../../src/slack/present/kit.js';
import { BAND_ICON, BAND_WORD, bandTitle, severityIcon } from '../../src/slack/present/vocabulary.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const sources = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)));

describe('the Slack presentation module', () => {
  it('a context block: one element per text, at most ten, each within the section limit', () => {
    const block = context(...Array.from({ length: 12 }, (_, i) => `${i}`.repeat(i === 0 ? LIMITS.sectionText + 5 : 1)));
    const elements = (block as { elements: { text: string }[] }).elements;
    expect(elements.map((e) => e.text.length)).toEqual([LIMITS.sectionText, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(elements[0]!.text.endsWith('…')).toBe(true);
  });

  it('one vocabulary: band words and icons, capitalised where a sentence opens, the same in Argos', () => {
    expect(BAND_WORD).toEqual({ trusted: 'trusted', caution: 'caution', at_risk: 'at risk' });
    expect(bandTitle('at_risk')).toBe('At risk');
    const v = { model: { urn: 'u', name: 'fraud' }, score: 40, band: 'at_risk' as const };
    expect(opening(v)).toBe('fraud scores 40/100. At risk.');
    expect(severityIcon('critical')).toBe(BAND_ICON.at_risk);
    expect(severityIcon('constructor')).toBeUndefined();
  });

  it('is the only place in core, render and slack that spells a band or a band or severity icon', () => {
    const spelled = /:(?:large_green|large_yellow|large_orange|red|white)_circle:|'at risk'|'At risk'/;
    const home = new Set(['src/slack/present/vocabulary.ts', 'src/core/band-words.ts']);
    const found = [...sources('src/core'), ...sources('src/render'), ...sources('src/slack')].filter(
      (f) => !home.has(f) && spelled.test(readFileSync(join(ROOT, f), 'utf8')),
    );
    expect(found).toEqual([]);
    // the check finds what it looks for
    expect([...home].every((f) => spelled.test(readFileSync(join(ROOT, f), 'utf8')))).toBe(true);
  });

  it("an alert's incident buttons are the incident controls' own, as Janus raised the incident", () => {
    const alert: AlertState = {
      id: 'cause:k#1',
      kind: 'cause',
      key: 'k',
      headline: 'Upstream failure: stg',
      story: [],
      since: '2026-03-01T12:00:00.000Z',
      raisedAt: 0,
      status: 'open',
      models: {},
      modelCount: 0,
      incident: 'urn:li:incident:1',
      links: { report: 'http://r' },
      channels: {},
    };
    const actions = alertMessage(alert, { models: [], mentions: [] }).blocks.find((b) => b.type === 'actions') as {
      elements: unknown[];
    };
    const raised = incidentButtons({ urn: 'urn:li:incident:1', status: RAISED_STATUS });
    expect(raised.map((b) => b.action_id)).toEqual([
      'janus.incident.ack',
      'janus.incident.resolve',
      'janus.incident.assign',
      'janus.incident.set',
    ]);
    expect(actions.elements.slice(0, 4)).toEqual(raised);
  });
});
