import { describe, expect, it } from 'vitest';
import type { IncidentView } from '../../src/app/incident-action.js';
import { statusMessage, type IncidentStatus } from '../../src/core/incident-status.js';
import type { Block } from '../../src/slack/present/kit.js';
import { incidentButtons, statusLine, withIncidentControls } from '../../src/slack/incident-blocks.js';

const URN = 'urn:li:incident:1';
const view = (over: Partial<IncidentStatus>): IncidentView => ({
  urn: URN,
  title: 'A job failed',
  status: {
    state: 'ACTIVE',
    stage: 'TRIAGE',
    message: 'Raised by Janus',
    updatedAt: 1_760_000_000_000,
    updatedBy: null,
    ...over,
  },
});
const alert: Block[] = [
  { type: 'section', text: { type: 'mrkdwn', text: 'alert' } },
  {
    type: 'actions',
    elements: [
      { type: 'button', action_id: 'janus.incident.ack', text: { type: 'plain_text', text: 'Ack' }, value: URN },
      { type: 'button', action_id: 'open_report', text: { type: 'plain_text', text: 'Report' }, url: 'http://r' },
    ],
  },
  { type: 'context', elements: [{ type: 'mrkdwn', text: 'footer' }] },
];
const ids = (blocks: Block[]) => blocks.map((b) => b.block_id ?? b.type);

describe("an incident's controls in a message", () => {
  it('buttons follow the state: Acknowledge + Resolve, then Resolve, then Reopen; Assign and the menu while ACTIVE', () => {
    const idsOf = (v: IncidentView) => incidentButtons(v).map((b) => b.action_id);
    const triage = ['janus.incident.assign', 'janus.incident.set'];
    expect(idsOf(view({}))).toEqual(['janus.incident.ack', 'janus.incident.resolve', ...triage]);
    expect(idsOf(view({ stage: 'INVESTIGATION' }))).toEqual(['janus.incident.resolve', ...triage]);
    expect(idsOf(view({ state: 'RESOLVED', stage: 'FIXED' }))).toEqual(['janus.incident.reopen']);
    for (const b of incidentButtons(view({}))) if (b.type === 'button') expect(b.value).toBe(URN);
  });

  it("replace the alert's incident buttons in place (its other buttons stay), then their own blocks, once", () => {
    const once = withIncidentControls(
      alert,
      view({ stage: 'INVESTIGATION', message: statusMessage('ack', { name: 'Erin <!channel>', email: 'e@x' }) }),
    );
    expect(ids(once)).toEqual([
      'section',
      'actions',
      expect.stringMatching(/:status$/),
      expect.stringMatching(/:actions$/),
      'context',
    ]);
    expect((once[1] as { elements: { action_id: string }[] }).elements.map((e) => e.action_id)).toEqual([
      'open_report',
    ]);
    expect(JSON.stringify(once)).toContain('Erin &lt;!channel&gt;');
    const twice = withIncidentControls(once, view({ state: 'RESOLVED', stage: 'FIXED' }));
    expect(ids(twice)).toEqual(ids(once));
    expect(JSON.stringify(twice)).toContain('janus.incident.reopen');
    expect(JSON.stringify(twice)).not.toContain('janus.incident.ack');
  });

  it('are added at the end of a message without them; the status line says who and when', () => {
    expect(ids(withIncidentControls([alert[0]!], view({})))).toHaveLength(3);
    expect(
      statusLine(
        view({
          state: 'RESOLVED',
          stage: 'NO_ACTION_REQUIRED',
          message: 'Resolved by Erin Walsh (e@x) in Slack: known',
        }),
      ),
    ).toBe(
      ':white_check_mark: *Resolved: no action required* by Erin Walsh · <!date^1760000000^{date_short_pretty} at {time}|2025-10-09T08:53:20.000Z>\n>known',
    );
  });
});
