import type { Severity } from '../core/finding.js';
import type { Band } from '../core/score.js';

/** One palette for the page and the picture: a colour per severity and band (stroke/text, and a light fill). */
export interface Swatch {
  ink: string;
  fill: string;
}

export const SEVERITY_SWATCH: Record<Severity, Swatch> = {
  critical: { ink: '#9f1239', fill: '#ffe4e6' },
  high: { ink: '#c2410c', fill: '#ffedd5' },
  medium: { ink: '#a16207', fill: '#fef9c3' },
  low: { ink: '#475569', fill: '#e2e8f0' },
};

export const BAND_SWATCH: Record<Band, Swatch> = {
  trusted: { ink: '#067647', fill: '#dcfae6' },
  caution: { ink: '#b54708', fill: '#fef0c7' },
  at_risk: { ink: '#b42318', fill: '#fee4e2' },
};

export const BAND_LABEL: Record<Band, string> = { trusted: 'Trusted', caution: 'Caution', at_risk: 'At risk' };

export const NEUTRAL = {
  ink: '#101828',
  muted: '#667085',
  line: '#98a2b3',
  border: '#d0d5dd',
  paper: '#ffffff',
  label: { ink: '#6941c6', fill: '#f4ebff' },
};

export const FONT = `-apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Liberation Sans', sans-serif`;
export const MONO = `ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace`;
