/** The `alerts` section of results.md: one root cause, 500 models, 20 teams' channels, a fake Slack at 1 msg/s/channel. */
import type { AlertsFigures, TargetVerdict } from './figures.js';
import { table } from './markdown-table.js';

const s = (v: number | undefined) => (v === undefined ? '–' : `${v.toFixed(v < 10 ? 2 : 1)} s`);

export function alertsMarkdown(f: AlertsFigures): string {
  const title = '## Slack alerts: one root cause, many teams';
  if (f.status !== 'done') return [title, '', `**${f.status}**: ${f.reason ?? ''}`].join('\n');
  return [
    title,
    '',
    `\`janus serve\` (its own process, Redis, cycles every 1 s) on a catalog where one table is upstream of ${f.models} models owned by ${f.teams} teams (each a DataHub group with a Slack channel), the simulator at ${f.rttMs} ms a request, and a fake Slack in the bench process that allows 1 message a second per channel and answers 429 beyond. A failing assertion result on the table is ingested (one root cause hurting every model), then a passing one (the recovery), ${f.rounds} times. Load average (1 min) ${f.loadAtStart.toFixed(2)} at the start, ${f.loadAtEnd?.toFixed(2) ?? '–'} at the end (2 cores, shared).`,
    '',
    table(
      ['measure', 'value'],
      [
        [
          'messages posted for the first raise (one per team channel expected)',
          `${f.messages} in ${f.channelsPosted} channels`,
        ],
        ['ingest answered → last of them posted', s(f.deliveredS)],
        ['transition queued → last of them posted', s(f.deliveredAfterTransitionS)],
        ['429s during the first raise / over all rounds', `${f.rateLimited} / ${f.rateLimitedTotal}`],
        [
          `transition queued → first alert posted, over ${f.firstAlertS?.length} raises: p50 / p95`,
          `${s(f.firstAlertP50S)} / ${s(f.firstAlertP95S)}`,
        ],
        ['every raise (s)', (f.firstAlertS ?? []).map((x) => x.toFixed(2)).join(', ')],
        ['ingest answered → transition queued (the cycle), median', s(f.cyclePartP50S)],
        ['`janus serve` CPU over the rounds', s(f.serveCpuS)],
      ],
    ),
  ].join('\n');
}

export function alertsTargets(f: AlertsFigures | undefined): TargetVerdict[] {
  const delivered = `Slack alerts: one root cause hurting ${f?.models ?? 500} models of ${f?.teams ?? 20} teams → exactly ${f?.teams ?? 20} messages, delivered ≤ 25 s (1 msg/s/channel, 429 beyond)`;
  const first = 'Slack alerts: transition → first alert posted p95 ≤ 2 s on top of the cycle';
  if (!f || f.status !== 'done') {
    const detail = f?.reason ?? 'not part of this run';
    return [
      { target: delivered, holds: null, detail },
      { target: first, holds: null, detail },
    ];
  }
  return [
    {
      target: delivered,
      holds: f.messages === f.teams && f.channelsPosted === f.teams && (f.deliveredS ?? Infinity) <= 25,
      detail: `${f.messages} messages in ${f.channelsPosted} channels, the last ${s(f.deliveredS)} after the ingest (${s(f.deliveredAfterTransitionS)} after the transition), ${f.rateLimited} 429s`,
    },
    {
      target: first,
      holds: (f.firstAlertP95S ?? Infinity) <= 2,
      detail: `p95 ${s(f.firstAlertP95S)}, p50 ${s(f.firstAlertP50S)} over ${f.firstAlertS?.length} raises; the cycle's part (ingest → transition) ${s(f.cyclePartP50S)} median`,
    },
  ];
}
