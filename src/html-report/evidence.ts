import type { EvidenceValue } from '../core/detectors/detector.js';
import { detectorNamed } from '../core/detectors/registered.js';
import type { Finding } from '../core/finding.js';
import { shortName } from '../core/names.js';
import { esc } from './escape.js';
import { effectsOf } from '../core/effects.js';

/** Renders an entity: its short name, linked to DataHub when the page is known, the urn in the tooltip. */
export type EntityLink = (urn: string) => string;

/** The evidence of one finding, as a reader checks it: the exact column chains, the run, the lag and SLA. */
export function evidenceHtml(f: Finding, entity: EntityLink): string {
  const evidence = detectorNamed(f.detector)?.phrasing.report(f) ?? { facts: [] };
  const facts: Array<[string, string]> = evidence.facts.map(([label, value]) => [label, valueHtml(value, entity)]);
  const extra = evidence.chains
    ? evidence.chains.chains.map((c) => chainHtml(c, evidence.chains!.shared, evidence.chains!.label)).join('')
    : '';
  const { listed, unlisted } = effectsOf(f);
  const more = unlisted ? `<br><span class="muted">and ${unlisted} more downstream datasets</span>` : '';
  if (listed.length)
    facts.push(['Also explains', listed.map((x) => `${entity(x.entity)}: ${esc(x.message)}`).join('<br>') + more]);
  facts.push(['Finding key', `<code>${esc(f.key)}</code>`]);
  return `<dl class="facts">${facts.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${v}</dd>`).join('')}</dl>${extra}`;
}

/** One value of a detector's evidence list (its phrasing), as HTML. */
function valueHtml(v: EvidenceValue, entity: EntityLink): string {
  const note = (text: string | undefined) => (text ? ` <span class="muted">(${esc(text)})</span>` : '');
  if ('entity' in v) return `${entity(String(v.entity))}${note(v.note)}`;
  if ('entities' in v) return list(v.entities, entity) || (v.none ? muted(v.none) : '');
  if ('code' in v) return `<code>${esc(v.code)}</code>`;
  if ('time' in v) return when(v.time);
  if ('text' in v) return `${esc(v.text)}${note(v.note)}`;
  return muted(v.muted);
}

const muted = (text: string) => `<span class="muted">${esc(text)}</span>`;

function chainHtml(chain: string[], shared: string, label: string): string {
  const steps = chain.map((col) => {
    const cls = col === label ? 'step label' : col === shared ? 'step shared' : 'step';
    return `<li><span class="${cls}" title="${esc(col)}">${esc(shortName(col))}</span></li>`;
  });
  return `<ol class="chain" aria-label="column chain">${steps.join('')}</ol>`;
}

function list(value: unknown, entity: EntityLink): string {
  return Array.isArray(value) ? value.map((u) => entity(String(u))).join(', ') : '';
}

/** `2026-11-30 12:00 UTC`; unknown when missing. */
export function when(ms: unknown): string {
  if (typeof ms !== 'number' || !Number.isFinite(ms)) return '<span class="muted">unknown</span>';
  return esc(`${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`);
}
