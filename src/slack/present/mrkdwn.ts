/** Slack mrkdwn text: escaping, cutting, and the pieces messages are written with (names, counts, links, dates). Pure. */

/** Slack mrkdwn: only `&`, `<` and `>` are escaped, so DataHub's names cannot inject mentions or links. */
export const mrkdwn = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Cut to `max` characters, saying so with an ellipsis. */
export const clip = (text: string, max: number): string => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/** A name is cut past this many characters (DataHub names are free text). */
const MAX_NAME = 120;

/**
 * Slack's look-alikes for its formatting characters. Slack has no escape for `*`, `_`, `~` and `` ` ``; a zero-width
 * space beside one makes it a word break, so it formats more, not less, and `verbatim` only stops auto-links.
 */
const LOOK_ALIKES: Record<string, string> = { '*': '\u2217', _: '\u02cd', '~': '\u223c', '`': '\u02cb' };
const MARKERS = /[*_~`]/g;
const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);

/**
 * Text from outside (a DataHub name, what a user typed) as Slack shows it to the letter: `&`, `<`, `>` escaped, so no
 * mention, channel or link; a formatting character that could open or close bold, italic, strike or code (a
 * backtick, or one at a word's edge) swapped for its look-alike, so nothing is formatted. `fraud_detector_v4` is
 * unchanged; `_shadow_scorer_` shows as `ˍshadow_scorerˍ`. Safe inside a code span, bold or a link's label.
 */
export const plain = (text: string): string =>
  mrkdwn(
    text.replace(MARKERS, (m, at: number, all: string) =>
      m === '`' || !isWordChar(all[at - 1]) || !isWordChar(all[at + 1]) ? LOOK_ALIKES[m]! : m,
    ),
  );

/** What `plain` swaps, back to Slack's characters: a name copied from Janus's message and pasted is the same name. */
export const unlookAlike = (text: string): string =>
  text.replace(/[\u2217\u02cd\u223c\u02cb]/g, (c) => Object.keys(LOOK_ALIKES).find((k) => LOOK_ALIKES[k] === c)!);

/** A DataHub name, cut, shown so Slack formats nothing in it (`plain`). */
export const name = (n: string) => plain(clip(n, MAX_NAME));
/** "1 model", "1,204 models". */
export const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
export const link = (url: string | undefined, label: string) => (url ? `<${url}|${plain(label)}>` : plain(label));
export const mention = (id: string) => `<@${id}>`;
/** A channel as Slack shows it: an id links (`<#C…>`), a name reads `#name`. */
export const channelRef = (channel: string) =>
  /^[CG][A-Z0-9]{6,}$/.test(channel) ? `<#${channel}>` : `#${mrkdwn(channel)}`;

/** `<!date^…>`: Slack shows the time in the reader's time zone, `fallback` where it cannot. */
export const dateToken = (ms: number, format: string, fallback: string) =>
  `<!date^${Math.floor(ms / 1000)}^${format}|${fallback}>`;

/** A time as the reader's date and time; the fallback is the ISO text. */
export const dateRef = (iso: string) => {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? mrkdwn(iso) : dateToken(ms, '{date_short_pretty} {time}', iso);
};

/** A time as the reader's date and time; the fallback is "2026-03-01 12:00 UTC". */
export const slackDate = (iso: string): string => {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return mrkdwn(iso);
  return dateToken(ms, '{date_short_pretty} {time}', `${iso.slice(0, 16).replace('T', ' ')} UTC`);
};
