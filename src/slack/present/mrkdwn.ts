/** Slack mrkdwn text: escaping, cutting, and the pieces messages are written with (names, counts, links, dates). Pure. */

/** Slack mrkdwn: only `&`, `<` and `>` are escaped, so DataHub's names cannot inject mentions or links. */
export const mrkdwn = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Cut to `max` characters, saying so with an ellipsis. */
export const clip = (text: string, max: number): string => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/** A name is cut past this many characters (DataHub names are free text). */
const MAX_NAME = 120;

/** A DataHub name, escaped and cut. */
export const name = (n: string) => mrkdwn(clip(n, MAX_NAME));
/** "1 model", "1,204 models". */
export const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
export const link = (url: string | undefined, label: string) => (url ? `<${url}|${mrkdwn(label)}>` : mrkdwn(label));
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
