import type { Band } from './score.js';

/**
 * How Janus words a band, everywhere it speaks (Argos's sentences, Slack, the CLI): lower case within a sentence
 * ("moved caution → at risk"), capitalised where it opens one or stands alone ("At risk").
 */
export const BAND_WORD: Readonly<Record<Band, string>> = Object.freeze({
  trusted: 'trusted',
  caution: 'caution',
  at_risk: 'at risk',
});

/** The band's word capitalised: "At risk". */
export const bandTitle = (band: Band): string => {
  const word = BAND_WORD[band];
  return `${word.charAt(0).toUpperCase()}${word.slice(1)}`;
};
