import type { Severity } from '../../core/finding.js';
import type { Band } from '../../core/score.js';

/** Slack's one vocabulary of bands and severities: the words (core's, shared with Argos) and the icons. */

export { BAND_WORD, bandTitle } from '../../core/band-words.js';

export const BAND_ICON: Readonly<Record<Band, string>> = Object.freeze({
  trusted: ':large_green_circle:',
  caution: ':large_yellow_circle:',
  at_risk: ':red_circle:',
});

export const SEVERITY_ICON: Readonly<Record<Severity, string>> = Object.freeze({
  critical: ':red_circle:',
  high: ':large_orange_circle:',
  medium: ':large_yellow_circle:',
  low: ':white_circle:',
});

/** A severity's icon, for a severity read back as free text (an alert's state): none for a word Janus does not use. */
export const severityIcon = (severity: string | undefined): string | undefined =>
  severity !== undefined && Object.hasOwn(SEVERITY_ICON, severity) ? SEVERITY_ICON[severity as Severity] : undefined;

/** A severity in words ("High"), as a screen reader and a colour-blind reader need it beside its icon. */
export const severityWord = (severity: string | undefined): string | undefined =>
  severity !== undefined && Object.hasOwn(SEVERITY_ICON, severity)
    ? `${severity.charAt(0).toUpperCase()}${severity.slice(1)}`
    : undefined;
