/** How much of a value Janus echoes back (a model name, a key, a urn): enough to recognise it, never megabytes. */
export const ECHO_MAX_CHARS = 300;

/**
 * `text` as it may be echoed: whole when short, else its first `max` characters, an ellipsis and its length
 * (`abc… (102,400 characters)`), so an error about a 4 MB argument stays a line.
 */
export function clipEcho(text: string, max = ECHO_MAX_CHARS): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}… (${text.length.toLocaleString('en-US')} characters)`;
}

/** How long one line of a message Janus prints may be: room for a few clipped values and their words. */
export const LINE_MAX_CHARS = 2_000;

/** Each line of a message clipped: the last guard of what an error or a tool answer prints. */
export const clipLines = (text: string, max = LINE_MAX_CHARS): string =>
  text
    .split('\n')
    .map((line) => clipEcho(line, max))
    .join('\n');
