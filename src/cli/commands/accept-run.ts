import type { Command } from 'commander';
import { acceptRisk } from '../../app/accept-risk.js';
import { listAccepted, type AcceptanceRow } from '../../app/list-accepted.js';
import { acceptedClause, shortDate } from '../../core/acceptance/words.js';
import { detectorOfKey } from '../../core/writeback/conventions.js';
import { acceptDatasetRisk } from '../../app/accept-dataset-risk.js';
import type { DataHubClient } from '../../datahub/client.js';
import { resolveModelOrDataset, type EntityRef } from '../../datahub/resolve-entity.js';
import { checkedModelRef } from '../../datahub/resolve-model.js';
import { shortName } from '../../core/names.js';
import { UsageError } from '../../errors.js';
import { cliContext, out } from '../context.js';

/** `janus accept`, loaded only when it runs: a model's finding, or a dataset's for every model below it. */
export async function runAccept(target: string, finding: string, opts: AcceptOptions, cmd: Command): Promise<void> {
  if (opts.until && opts.days) throw new UsageError('--until or --days, not both');
  const ref = target.trim();
  if (!ref.startsWith('urn:li:dataset:')) checkedModelRef(ref);
  const ctx = cliContext(cmd);
  const deps = { client: ctx.client, policy: ctx.policy, admins: ctx.config.slack.admins };
  const req = {
    finding,
    reason: opts.reason,
    ...(opts.until ? { until: opts.until } : {}),
    ...(opts.days ? { days: opts.days } : {}),
  };
  const entity = await modelOrDataset(ctx.client, ref);
  if (entity.kind === 'dataset') {
    const dataset = entity;
    const { acceptance, finding: f, models } = await acceptDatasetRisk(deps, dataset, req);
    if (opts.json)
      out(JSON.stringify({ dataset: { urn: dataset.urn, name: dataset.name }, models, acceptance }, null, 2));
    else
      out(
        `${dataset.name}: ${f.detector} (${f.severity}) ${acceptedClause({ finding: f, acceptance })}, for the ${models.length} model${models.length === 1 ? '' : 's'} below it`,
      );
    return;
  }
  const { acceptance, finding: f, verdict } = await acceptRisk(deps, entity.urn, req);
  if (opts.json) out(JSON.stringify({ model: verdict.model, acceptance }, null, 2));
  else out(`${verdict.model.name}: ${f.detector} (${f.severity}) ${acceptedClause({ finding: f, acceptance })}`);
}

/** A model or a dataset, by urn, or by name as `/janus trust` resolves it (a model's name first, then a dataset's). */
const modelOrDataset = (client: DataHubClient, ref: string): Promise<EntityRef> =>
  ref.startsWith('urn:') ? Promise.resolve(urnRef(ref)) : resolveModelOrDataset(client, ref);

const urnRef = (urn: string): EntityRef => ({
  urn,
  name: shortName(urn),
  kind: urn.startsWith('urn:li:dataset:') ? 'dataset' : 'model',
});

/** `janus accepted`, loaded only when it runs. */
export async function runAccepted(targets: string[], opts: { json?: boolean }, cmd: Command): Promise<void> {
  const trimmed = targets.map((t) => t.trim());
  for (const t of trimmed) if (!t.startsWith('urn:li:dataset:')) checkedModelRef(t);
  const ctx = cliContext(cmd);
  const refs: EntityRef[] = [];
  for (const t of trimmed) refs.push(await modelOrDataset(ctx.client, t));
  const rows = await listAccepted({ client: ctx.client, policy: ctx.policy }, refs);
  if (opts.json) out(JSON.stringify({ accepted: rows.map(rowJson) }, null, 2));
  else out(rows.length ? rows.map(rowText).join('\n') : 'No accepted risks on these models or datasets.');
}

const rowJson = (r: AcceptanceRow) => ({
  ...(r.model ? { model: r.model } : {}),
  ...(r.dataset ? { dataset: r.dataset, on: r.acceptance.on } : {}),
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
  `${r.model ?? r.dataset}${r.model && r.dataset ? ` (on ${r.dataset})` : ''}  ${detectorOfKey(r.acceptance.key)}  ${STATUS[r.status]}${r.lapse ? ` (${r.lapse})` : ''}  by ${r.acceptance.by} until ${shortDate(r.acceptance.until)}: '${r.acceptance.reason}'`;

export interface AcceptOptions {
  reason: string;
  until?: string;
  days?: number;
  json?: boolean;
}
