import type { Command } from 'commander';
import { acceptRisk } from '../../app/accept-risk.js';
import { listAccepted, type AcceptanceRow } from '../../app/list-accepted.js';
import { acceptedClause, shortDate } from '../../core/acceptance/words.js';
import { detectorOfKey } from '../../core/writeback/conventions.js';
import { checkedModelRef } from '../../datahub/resolve-model.js';
import { UsageError } from '../../errors.js';
import { cliContext, out } from '../context.js';

/** `janus accept`, loaded only when it runs. */
export async function runAccept(model: string, finding: string, opts: AcceptOptions, cmd: Command): Promise<void> {
  if (opts.until && opts.days) throw new UsageError('--until or --days, not both');
  const ref = checkedModelRef(model);
  const ctx = cliContext(cmd);
  const admins = ctx.config.slack.admins;
  const {
    acceptance,
    finding: f,
    verdict,
  } = await acceptRisk({ client: ctx.client, policy: ctx.policy, admins }, ref, {
    finding,
    reason: opts.reason,
    ...(opts.until ? { until: opts.until } : {}),
    ...(opts.days ? { days: opts.days } : {}),
  });
  if (opts.json) out(JSON.stringify({ model: verdict.model, acceptance }, null, 2));
  else out(`${verdict.model.name}: ${f.detector} (${f.severity}) ${acceptedClause({ finding: f, acceptance })}`);
}

/** `janus accepted`, loaded only when it runs. */
export async function runAccepted(models: string[], opts: { json?: boolean }, cmd: Command): Promise<void> {
  const refs = models.map(checkedModelRef);
  const ctx = cliContext(cmd);
  const rows = await listAccepted({ client: ctx.client, policy: ctx.policy }, refs);
  if (opts.json) out(JSON.stringify({ accepted: rows.map(rowJson) }, null, 2));
  else out(rows.length ? rows.map(rowText).join('\n') : 'No accepted risks on these models.');
}

const rowJson = (r: AcceptanceRow) => ({
  model: r.model,
  key: r.acceptance.key,
  detector: detectorOfKey(r.acceptance.key),
  ...(r.finding ? { severity: r.finding.severity, entity: r.finding.entity } : {}),
  by: r.acceptance.by,
  reason: r.acceptance.reason,
  ...(r.acceptance.at ? { at: r.acceptance.at } : {}),
  until: r.acceptance.until,
  source: r.acceptance.source,
  status: r.status,
  ...(r.lapse ? { lapse: r.lapse } : {}),
});

const STATUS = { active: 'active', lapsed: 'LAPSED', clear: 'finding cleared' } as const;
const rowText = (r: AcceptanceRow) =>
  `${r.model}  ${detectorOfKey(r.acceptance.key)}  ${STATUS[r.status]}${r.lapse ? ` (${r.lapse})` : ''}  by ${r.acceptance.by} until ${shortDate(r.acceptance.until)}: '${r.acceptance.reason}'`;

export interface AcceptOptions {
  reason: string;
  until?: string;
  days?: number;
  json?: boolean;
}
