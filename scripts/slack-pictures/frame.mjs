// Slack's message layout as HTML: the Block Kit Janus sends drawn as Slack shows it (desktop, or a phone's at 390 px),
// and its screenshot through a Chromium page. Shared by scripts/slack-pictures.mjs (docs/slack.md) and
// scripts/catches-pictures.mjs (each detector's alert on its docs/catches/ page).

/** The names the mock shows for Slack user ids, and what it could not draw, for the page being drawn. */
let drawing = { people: {}, problems: new Set() };

const EMOJI = {
  red_circle: '🔴',
  large_orange_circle: '🟠',
  large_yellow_circle: '🟡',
  large_green_circle: '🟢',
  white_circle: '⚪\uFE0F',
  white_check_mark: '✅',
  warning: '⚠️',
  rotating_light: '🚨',
  small_blue_diamond: '🔹',
  zzz: '💤',
  bell: '🔔',
  no_bell: '🔕',
  bust_in_silhouette: '👤',
  tada: '🎉',
  alarm_clock: '⏰',
  eyes: '👀',
  mag: '🔍',
  hourglass: '⌛',
  no_entry: '⛔',
  lock: '🔒',
  wave: '👋',
  test_tube: '🧪',
  large_blue_circle: '🔵',
  black_circle: '⚫',
  heavy_check_mark: '✔️',
  x: '❌',
  information_source: 'ℹ️',
  hourglass_flowing_sand: '⏳',
  chart_with_downwards_trend: '📉',
  chart_with_upwards_trend: '📈',
  arrow_right: '➡️',
  link: '🔗',
  memo: '📝',
  mute: '🔇',
  fire: '🔥',
  construction: '🚧',
  pushpin: '📌',
  bulb: '💡',
  repeat: '🔁',
  speech_balloon: '💬',
};
const esc = (s) =>
  s
    .replace(/&(?!(amp|lt|gt);)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
const emoji = (s) =>
  // an emoji code starts a word (`urn:li:dataset` and `09:14:04` hold none)
  s.replace(/(^|[\s(>]):([a-z][a-z0-9_+-]*):/g, (m, before, n) => {
    if (EMOJI[n]) return `${before}${EMOJI[n]}`;
    drawing.problems.add(`the emoji :${n}: (add it to EMOJI in scripts/slack-pictures/frame.mjs)`);
    return m;
  });
const fmtDate = (seconds) =>
  new Date(seconds * 1000).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  });
// placeholders for the mock's own tags while the text is escaped
const tag = (html) => html.replace(/</g, '\uE000').replace(/>/g, '\uE001');
function mrkdwn(text) {
  // Slack's tokens first (links, mentions, channels, dates), then the inline marks
  let s = text.replace(/<([^>|]+)(?:\|([^>]*))?>/g, (m, target, label) => {
    if (target.startsWith('@'))
      return tag(`<span class="mention">@${drawing.people[target.slice(1)] ?? target.slice(1)}</span>`);
    if (target.startsWith('#')) return tag(`<span class="mention">#${label ?? target.slice(1)}</span>`);
    if (target.startsWith('!date')) return fmtDate(Number(target.split('^')[1]));
    if (target.startsWith('!subteam')) return tag(`<span class="mention">@${label ?? 'group'}</span>`);
    if (target.startsWith('!')) return tag(`<span class="mention">@${target.slice(1)}</span>`);
    return tag(`<a href="#">${label ?? target}</a>`);
  });
  s = s.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>');
  s = esc(s)
    .replace(/\uE000/g, '<')
    .replace(/\uE001/g, '>');
  s = s
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/(^|[\s(])\*([^*\n]+)\*/gm, '$1<b>$2</b>')
    .replace(/(^|\s)_([^_\n]+)_/gm, '$1<i>$2</i>')
    .replace(/(^|\s)~([^~\n]+)~/gm, '$1<s>$2</s>');
  // a line starting with ">" is a quote
  s = s
    .split('\n')
    .map((line) => (line.startsWith('&gt;') ? `<span class="quote">${line.slice(4)}</span>` : line))
    .join('\n');
  return emoji(s)
    .replace(/\n/g, '<br>')
    .replace(/<\/span><br>/g, '</span>');
}
const text = (t) => (t.type === 'mrkdwn' ? mrkdwn(t.text) : emoji(esc(t.text)));
const button = (e) => `<span class="button ${e.style ?? ''}">${emoji(esc(e.text.text))}</span>`;
// a select shows its initial option, else its placeholder, with Slack's chevron
const select = (e) =>
  `<span class="button select">${emoji(esc((e.initial_option ?? { text: e.placeholder }).text.text))} ▾</span>`;
function element(e) {
  if (e.type === 'button') return button(e);
  if (e.type === 'static_select') return select(e);
  drawing.problems.add(`the element type ${e.type} (draw it in scripts/slack-pictures/frame.mjs)`);
  return '';
}
function block(b) {
  switch (b.type) {
    case 'header':
      return `<div class="header">${emoji(esc(b.text.text))}</div>`;
    case 'section': {
      const fields = b.fields?.length
        ? `<div class="fields">${b.fields.map((f) => `<span>${text(f)}</span>`).join('')}</div>`
        : '';
      const acc = b.accessory ? element(b.accessory) : '';
      return `<div class="section${acc ? ' with-accessory' : ''}"><span>${b.text ? text(b.text) : ''}${fields}</span>${acc}</div>`;
    }
    case 'context':
      return `<div class="context">${b.elements.map((e) => (e.type === 'image' ? '' : `<span>${text(e)}</span>`)).join('')}</div>`;
    case 'actions':
      return `<div class="actions">${b.elements.map(element).join('')}</div>`;
    case 'divider':
      return '<hr>';
    default:
      drawing.problems.add(`the block type ${b.type} (draw it in scripts/slack-pictures/frame.mjs)`);
      return '';
  }
}
const blocksOf = (m) =>
  m.blocks?.length ? m.blocks.map(block).join('') : `<div class="section">${mrkdwn(m.text)}</div>`;
const message = (m, time, ephemeral) => `
  ${ephemeral ? '<div class="only-you">👁 Only visible to you</div>' : ''}
  <div class="message${ephemeral ? ' ephemeral' : ''}">
    <div class="avatar">A</div>
    <div class="body">
      <div class="who"><b>Argos</b> <span class="app">APP</span> <span class="time">${time}</span></div>
      ${blocksOf(m)}
    </div>
  </div>`;
const title = (shape) =>
  shape.home
    ? `<div class="channel">${esc(shape.channel)}<div class="tabs"><span class="on">Home</span><span>Messages</span><span>About</span></div></div>`
    : shape.frame === 'phone'
      ? `<div class="channel"><span class="back">‹</span> # ${esc(shape.channel)}</div>`
      : `<div class="channel"># ${esc(shape.channel)}</div>`;
const thread = (replies) =>
  replies?.length
    ? `<div class="thread-label">${replies.length} ${replies.length === 1 ? 'reply' : 'replies'}</div><div class="thread">${replies.map((r, i) => message(r, `${10 + i}:0${i}`)).join('')}</div>`
    : '';
export const WIDTH = { desktop: 720, phone: 390 };
const page = (shape) => `<!doctype html><html><head><meta charset="utf-8"><style>
  body { margin: 0; font: 15px/1.46 -apple-system, 'Segoe UI', 'Noto Sans', 'DejaVu Sans', 'Noto Color Emoji', sans-serif; color: #1d1c1d; background: #fff; }
  #shot { width: ${WIDTH[shape.frame ?? 'desktop']}px; padding: 0 0 12px; }
  .channel { padding: 10px 20px; border-bottom: 1px solid #e8e8e8; font-weight: 700; }
  .tabs { display: flex; gap: 16px; font-weight: 400; font-size: 13px; color: #616061; margin-top: 6px; }
  .tabs .on { color: #1d1c1d; font-weight: 700; border-bottom: 2px solid #1264a3; }
  .message { display: flex; gap: 8px; padding: 8px 20px; }
  .message.ephemeral { background: #f8f8f8; }
  .only-you { padding: 6px 20px 0 64px; color: #616061; font-size: 12px; background: #f8f8f8; }
  .avatar { flex: none; width: 36px; height: 36px; border-radius: 6px; background: #4a154b; color: #fff; font-weight: 700; display: flex; align-items: center; justify-content: center; }
  .body { flex: 1; min-width: 0; }
  .home .body { padding: 4px 24px; }
  .who .app { font-size: 10px; background: #e8e8e8; color: #616061; padding: 1px 3px; border-radius: 2px; }
  .who .time { color: #616061; font-size: 12px; }
  .header { font-size: 18px; font-weight: 900; margin: 4px 0 6px; }
  .section { margin: 4px 0; white-space: pre-wrap; overflow-wrap: anywhere; }
  .section.with-accessory { display: flex; justify-content: space-between; align-items: flex-start; gap: 12px; }
  .section.with-accessory .button { flex: none; }
  .fields { display: grid; grid-template-columns: 1fr 1fr; gap: 4px 16px; }
  .context { color: #616061; font-size: 13px; margin: 6px 0; display: flex; flex-wrap: wrap; gap: 4px 12px; overflow-wrap: anywhere; }
  .actions { margin: 8px 0; display: flex; flex-wrap: wrap; gap: 8px; }
  .button { border: 1px solid #bbbabb; border-radius: 4px; padding: 3px 12px; font-size: 14px; font-weight: 700; white-space: nowrap; }
  .button.primary { background: #007a5a; color: #fff; border-color: #007a5a; }
  .button.danger { color: #e01e5a; border-color: #e01e5a; }
  .button.select { font-weight: 400; }
  hr { border: none; border-top: 1px solid #e8e8e8; margin: 12px 0; }
  code { font: 12px Menlo, 'DejaVu Sans Mono', monospace; color: #c01343; background: #f6f6f6; border: 1px solid #e8e8e8; border-radius: 3px; padding: 0 3px; }
  .quote { display: block; border-left: 4px solid #dddddd; padding-left: 10px; margin: 2px 0; }
  a { color: #1264a3; text-decoration: none; }
  .mention { color: #1264a3; background: #e8f5fa; border-radius: 3px; padding: 0 2px; }
  .thread { margin-left: 64px; border-left: 3px solid #e8e8e8; }
  .thread-label { margin: 4px 0 0 64px; color: #1264a3; font-size: 13px; font-weight: 700; }
  /* Slack's mobile layout: the same blocks, narrower; a title bar with the way back; smaller margins */
  .phone .channel { text-align: center; position: relative; font-size: 16px; padding: 12px 16px; }
  .phone .back { position: absolute; left: 14px; font-size: 24px; line-height: 20px; color: #1264a3; }
  .phone .message { padding: 8px 12px; }
  .phone .header { font-size: 17px; }
  .phone .thread, .phone .thread-label { margin-left: 48px; }
</style></head><body><div id="shot" class="${shape.frame ?? 'desktop'}${shape.home ? ' home' : ''}">
  ${title(shape)}
  ${shape.home ? `<div class="body">${blocksOf(shape.parent)}</div>` : message(shape.parent, '09:14', shape.ephemeral)}
  ${thread(shape.replies)}
  ${shape.answer ? message(shape.answer, '09:15', true) : ''}
</div></body></html>`;

/**
 * The page of one picture (`shape`: see Picture in scripts/slack-pictures/scenarios.ts), and what the mock could not
 * draw in it (an emoji or a block it does not know): a picture with problems must not be made.
 */
export function slackPage(shape, people = {}) {
  drawing = { people, problems: new Set() };
  const html = page(shape);
  return { html, problems: [...drawing.problems] };
}

/**
 * Draws `shape` with `browser` into `file`; `scale`: device pixels a CSS pixel (a phone's screen is drawn at twice
 * its CSS pixels). Throws, drawing nothing, when the mock cannot draw it.
 */
export async function shootSlack(browser, shape, file, { people = {}, scale } = {}) {
  const { html, problems } = slackPage(shape, people);
  if (problems.length) throw new Error(`${file}: the mock cannot draw ${problems.join('; ')}`);
  const frame = shape.frame ?? 'desktop';
  const p = await browser.newPage({
    viewport: { width: WIDTH[frame], height: 400 },
    deviceScaleFactor: scale ?? (frame === 'phone' ? 2 : 1),
  });
  try {
    await p.setContent(html);
    await (await p.$('#shot')).screenshot({ path: file });
  } finally {
    await p.close();
  }
}
