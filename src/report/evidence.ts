import { formatDuration } from '../core/duration.js';
import type { Finding } from '../core/finding.js';
import { shortName } from '../core/names.js';
import { esc } from './escape.js';
import { effectsOf } from '../core/effects.js';

/** Renders an entity: its short name, linked to DataHub when the page is known, the urn in the tooltip. */
export type EntityLink = (urn: string) => string;

/** The evidence of one finding, as a reader checks it: the exact column chains, the run, the lag and SLA. */
export function evidenceHtml(f: Finding, entity: EntityLink): string {
  const e = f.evidence;
  const facts: Array<[string, string]> = [];
  let extra = '';
  switch (f.detector) {
    case 'target_leakage': {
      const chains = Array.isArray(e.chains) ? (e.chains as unknown[]).filter(isStrings) : [];
      facts.push(
        ['Feature', entity(String(e.feature))],
        [
          'Label',
          `${entity(String(e.label))}${e.labelSource ? ` <span class="muted">(named by ${esc(e.labelSource)})</span>` : ''}`,
        ],
      );
      if (e.sharedAncestor) facts.push(['Shared ancestor', entity(String(e.sharedAncestor))]);
      facts.push(['Column chains', `${chains.length} (feature → shared ancestor → label)`]);
      extra = chains.map((c) => chainHtml(c, String(e.sharedAncestor ?? ''), String(e.label ?? ''))).join('');
      break;
    }
    case 'upstream_failure':
      if (e.job) {
        facts.push(
          ['Job', entity(String(e.job))],
          ['Failed run', `<code>${esc(e.run)}</code>`],
          ['Failed at', when(e.failedAt)],
        );
        facts.push(['Produces', list(e.produces, entity)]);
      } else
        facts.push(
          ['Assertion', `<code>${esc(e.assertion)}</code>`],
          ['Failed at', when(e.failedAt)],
          ['Dataset', entity(f.entity)],
        );
      break;
    case 'freshness_lag':
      facts.push(['Dataset', entity(f.entity)], ['Last updated', when(e.lastUpdated)]);
      if (typeof e.lagMs === 'number') facts.push(['Lag', esc(formatDuration(e.lagMs))]);
      if (typeof e.slaMs === 'number')
        facts.push([
          'SLA',
          `${esc(formatDuration(e.slaMs))}${e.slaSource ? ` <span class="muted">(from ${esc(e.slaSource)})</span>` : ''}`,
        ]);
      if (e.assertion) facts.push(['Failed check', `<code>${esc(e.assertion)}</code>`]);
      break;
    case 'missing_owner':
      facts.push(
        ['Entity', entity(f.entity)],
        ['Owners who left', list(e.departedOwners, entity) || '<span class="muted">none: it never had an owner</span>'],
      );
      break;
    case 'deprecated_upstream':
      facts.push(['Entity', entity(f.entity)], ['Note', e.note ? esc(e.note) : '<span class="muted">none</span>']);
      break;
    case 'removed_upstream':
      facts.push(['Entity', entity(f.entity)]);
      break;
  }
  const { listed, unlisted } = effectsOf(f);
  const more = unlisted ? `<br><span class="muted">and ${unlisted} more downstream datasets</span>` : '';
  if (listed.length)
    facts.push(['Also explains', listed.map((x) => `${entity(x.entity)}: ${esc(x.message)}`).join('<br>') + more]);
  facts.push(['Finding key', `<code>${esc(f.key)}</code>`]);
  return `<dl class="facts">${facts.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${v}</dd>`).join('')}</dl>${extra}`;
}

function chainHtml(chain: string[], shared: string, label: string): string {
  const steps = chain.map((col) => {
    const cls = col === label ? 'step label' : col === shared ? 'step shared' : 'step';
    return `<li><span class="${cls}" title="${esc(col)}">${esc(shortName(col))}</span></li>`;
  });
  return `<ol class="chain" aria-label="column chain">${steps.join('')}</ol>`;
}

const isStrings = (x: unknown): x is string[] => Array.isArray(x) && x.every((s) => typeof s === 'string');

function list(value: unknown, entity: EntityLink): string {
  return Array.isArray(value) ? value.map((u) => entity(String(u))).join(', ') : '';
}

/** `2026-11-30 12:00 UTC`; unknown when missing. */
export function when(ms: unknown): string {
  if (typeof ms !== 'number' || !Number.isFinite(ms)) return '<span class="muted">unknown</span>';
  return esc(`${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`);
}
