// The Slack alert a finding raises, from the same pure steps the service takes on its first cycle over a catalog
// (root causes → transitions against nothing announced → the alert planner's message), without Redis or Slack: the
// Block Kit Janus would post, and a Markdown rendering of it for the page.
import { fenced, fromBuild } from './write-out.mjs';

/** The builders, from the build. */
export async function alertBuilders(root) {
  const [causes, transitions, score, plan, story, schema, compose, links] = await Promise.all([
    fromBuild(root, 'src/core/writeback/root-causes.js'),
    fromBuild(root, 'src/core/transitions.js'),
    fromBuild(root, 'src/core/score.js'),
    fromBuild(root, 'src/slack/alerts/plan-cycle.js'),
    fromBuild(root, 'src/slack/alerts/story.js'),
    fromBuild(root, 'src/config/schema.js'),
    fromBuild(root, 'src/compose/redis.js'),
    fromBuild(root, 'src/core/links.js'),
  ]);
  const config = schema.configSchema.parse({});
  return {
    rootCauses: causes.rootCauses,
    transitionsOf: transitions.transitionsOf,
    bands: score.DEFAULT_BANDS,
    planCycle: plan.planCycle,
    causeStory: story.causeStory,
    margin: config.cycle.bandMargin,
    reportBase: compose.reportBaseUrl(config),
    reportUrlFor: links.reportUrlFor,
  };
}

/**
 * The alert message of every root cause the verdicts raise on a first cycle, by finding key. `at`: the cycle's time
 * (the message's "open since").
 */
export function firstCycleAlerts(b, verdicts, at) {
  const causes = b.rootCauses(verdicts);
  const keysOf = new Map();
  for (const c of causes) for (const m of c.models) keysOf.set(m.urn, [...(keysOf.get(m.urn) ?? []), c.key]);
  const { transitions } = b.transitionsOf({
    at: new Date(at).toISOString(),
    judged: verdicts.map((v) => ({
      model: v.model,
      score: v.score,
      band: v.band,
      capped: v.capped !== undefined,
      causes: keysOf.get(v.model.urn) ?? [],
      previousCauses: [],
    })),
    live: new Map(
      causes.map((c) => [
        c.key,
        {
          key: c.key,
          dataset: c.dataset,
          detector: c.finding.detector,
          severity: c.finding.severity,
          message: c.finding.message,
          models: c.models,
        },
      ]),
    ),
    models: {},
    causes: {},
    rules: { bands: b.bands, margin: b.margin },
  });
  const byUrn = new Map(verdicts.map((v) => [v.model.urn, v]));
  const alerts = new Map();
  for (const t of transitions) {
    if (t.kind !== 'cause' || t.state !== 'raised') continue;
    const first = byUrn.get((t.moved[0]?.model ?? t.models[0]).urn);
    const staged = {
      transition: t,
      queuedAt: at,
      models: t.models.map((m) => ({ ...m, band: byUrn.get(m.urn)?.band, score: byUrn.get(m.urn)?.score })),
      // the channel is the owners' (read from DataHub when the service routes it): not part of the message
      routes: { alerts: { models: t.models.map((m) => m.urn), mentions: [] } },
      story: b.causeStory(t.key, first, t.message),
      links: { report: b.reportUrlFor(b.reportBase, first.model.urn) },
    };
    const plan = b.planCycle([staged], {
      now: at,
      cycle: 'docs',
      states: {},
      live: {},
      byModel: {},
      snoozed: () => false,
      digestAbove: Number.POSITIVE_INFINITY,
    });
    const alert = plan.deliveries.find((d) => d.what === 'alert');
    if (alert) alerts.set(t.key, alert.message);
  }
  return alerts;
}

const EMOJI = {
  red_circle: '🔴',
  large_orange_circle: '🟠',
  large_yellow_circle: '🟡',
  large_green_circle: '🟢',
  white_check_mark: '✅',
  warning: '⚠️',
};

/** Slack's mrkdwn as Markdown: bold, links and dates by their labels, the emoji Janus uses. */
function mrkdwn(text) {
  return text
    .replace(/<!date\^\d+\^[^|>]*\|([^>]*)>/g, '$1')
    .replace(/<([^|>]+)\|([^>]+)>/g, '$2')
    .replace(/(^|[\s(])\*([^*\n]+)\*/g, '$1**$2**')
    .replace(/:([a-z_]+):/g, (m, name) => EMOJI[name] ?? m);
}

/** A Block Kit message as a Markdown quote (header, sections, context, buttons), then its JSON folded away. */
export function alertMarkdown(message) {
  const parts = [];
  for (const block of message.blocks) {
    if (block.type === 'header') parts.push(`**${mrkdwn(block.text.text)}**`);
    else if (block.type === 'section' && block.text) parts.push(mrkdwn(block.text.text));
    else if (block.type === 'context')
      parts.push(`<small>${block.elements.map((e) => mrkdwn(e.text ?? '')).join(' · ')}</small>`);
    else if (block.type === 'actions') parts.push(block.elements.map((e) => `\`${e.text?.text ?? e.type}\``).join(' '));
  }
  const quote = parts
    .flatMap((p) => p.split('\n'))
    .map((l) => `> ${l}`.trimEnd())
    .join('\n>\n');
  return [
    quote,
    '',
    '<details><summary>The Block Kit JSON</summary>',
    '',
    fenced(JSON.stringify(message, null, 2), 'json'),
    '',
    '</details>',
  ].join('\n');
}
