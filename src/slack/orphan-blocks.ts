import { createHash } from 'node:crypto';
import type { types } from '@slack/bolt';
import { shortName } from '../core/names.js';
import { context, header, LIMITS, LINK_ACTIONS, section, type Block, type SlackMessage } from './present/kit.js';
import { clip, count, dateRef, mention, name, plain } from './present/mrkdwn.js';

/**
 * Argos's orphan pings as Block Kit: one message per orphan (or a digest), each with a **Claim ownership** button,
 * and the same message once claimed. Pure.
 */

/** The Claim button: its `value` is the orphan's urn. */
export const CLAIM_ACTION = 'janus.owner.claim';
/** Models an orphan ping names; the rest are counted. */
const NAMED_MODELS = 10;
/** Orphans a digest lists one by one, each with its button (within Block Kit's 50 blocks). */
const DIGEST_LISTED = 40;

export interface OrphanPing {
  urn: string;
  name: string;
  kind: string;
  /** Departed users who still own it. */
  departed: string[];
  /** The models this channel hears about (names), and how many read it in all. */
  models: { urn: string; name: string }[];
  modelCount: number;
  /** The channel is the owners' of these models (else the fallback channel, about every model). */
  yours: boolean;
  datahubUrl?: string;
}

/** Block ids of an orphan's controls: `janus.orphan:<12 hex of the urn>`. */
export const orphanBlockId = (urn: string) =>
  `janus.orphan:${createHash('sha256').update(urn).digest('hex').slice(0, 12)}`;

const KIND_WORD: Record<string, string> = {
  dataset: 'table',
  mlModel: 'model',
  mlFeature: 'feature',
  mlFeatureTable: 'feature table',
};

const code = (n: string) => `\`${name(n)}\``;

/** "3 of your models read `raw.events`, which nobody owns." (or the model's own line, when it is the orphan) */
export function orphanHeadline(p: Pick<OrphanPing, 'name' | 'kind' | 'models' | 'modelCount' | 'yours' | 'departed'>) {
  const nobody = p.departed.length ? 'whose only owners have left' : 'which nobody owns';
  if (p.kind === 'mlModel' && p.modelCount <= 1) return `${code(p.name)} has no owner who is still here`;
  const n = p.yours ? p.models.length : p.modelCount;
  const models = p.yours ? `${n} of your models` : count(n, 'model', 'models');
  return `${models} ${n === 1 ? 'reads' : 'read'} ${code(p.name)}, ${nobody}`;
}

const departedLine = (departed: string[]) =>
  departed.length
    ? `Owned only by people who have left: ${departed.map((u) => plain(shortName(u))).join(', ')}.`
    : `It has no owner in DataHub.`;

const modelNames = (p: OrphanPing) => {
  const listed = p.models.slice(0, NAMED_MODELS).map((m) => name(m.name));
  const rest = (p.yours ? p.models.length : p.modelCount) - listed.length;
  return `${listed.join(', ')}${rest > 0 ? ` and ${rest.toLocaleString('en-US')} more` : ''}`;
};

export const claimButton = (urn: string): types.Button => ({
  type: 'button',
  action_id: CLAIM_ACTION,
  text: { type: 'plain_text', text: 'Claim ownership', emoji: true },
  value: urn,
  style: 'primary',
});

/** One orphan's ping: what nobody owns, which models read it, and the Claim button. */
export function orphanMessage(p: OrphanPing): SlackMessage {
  const headline = orphanHeadline(p);
  const kind = KIND_WORD[p.kind] ?? 'entity';
  const buttons: types.Button[] = [claimButton(p.urn)];
  if (p.datahubUrl)
    buttons.push({
      type: 'button',
      action_id: LINK_ACTIONS.datahub,
      text: { type: 'plain_text', text: 'Open in DataHub', emoji: true },
      url: p.datahubUrl,
    });
  const blocks: Block[] = [
    section(`:bust_in_silhouette: *${headline}.*\n${departedLine(p.departed)}`),
    ...(p.kind === 'mlModel' && p.modelCount <= 1 ? [] : [section(`*Models:* ${modelNames(p)}`)]),
    context(`Whoever claims this ${kind} becomes its technical owner in DataHub, and hears when it breaks.`),
    { type: 'actions', block_id: `${orphanBlockId(p.urn)}:actions`, elements: buttons },
  ];
  return { text: clip(`${headline.replace(/`/g, '')}. Claim it in Slack.`, 3000), blocks };
}

/** More new orphans for one channel than `slack.digestAbove`: one message, each orphan with its own button. */
export function orphanDigest(pings: OrphanPing[]): SlackMessage {
  const title = `Argos found ${count(pings.length, 'entity', 'entities')} nobody owns`;
  const blocks: Block[] = [
    header(title),
    section('Each one below is read by models here. Claim one to become its technical owner in DataHub.'),
  ];
  for (const p of pings.slice(0, DIGEST_LISTED))
    blocks.push({
      type: 'section',
      block_id: orphanBlockId(p.urn),
      text: { type: 'mrkdwn', text: clip(`• *${orphanHeadline(p)}*`, LIMITS.sectionText) },
      accessory: claimButton(p.urn),
    });
  if (pings.length > DIGEST_LISTED)
    blocks.push(
      context(
        `…and ${(pings.length - DIGEST_LISTED).toLocaleString('en-US')} more: App Home lists them, each with its button.`,
      ),
    );
  return { text: clip(`${title}.`, 3000), blocks: blocks.slice(0, LIMITS.blocks) };
}

export interface ClaimShown {
  /** The clicker's Slack id and DataHub name. */
  slackId: string;
  name: string;
  at: number;
  /** Departed owners removed in the same click. */
  removed: string[];
}

export const claimLine = (c: ClaimShown) =>
  `:white_check_mark: *Claimed* by ${mention(c.slackId)} (${plain(c.name)}) · ${dateRef(new Date(c.at).toISOString())}` +
  (c.removed.length ? `; ${c.removed.map((u) => plain(shortName(u))).join(', ')} removed as owner` : '');

/**
 * A ping's blocks once its orphan is claimed: the ping's Claim button gives way to who claimed it (a digest keeps
 * its other orphans' buttons). Blocks of other orphans, and everything else, stay.
 */
export function withClaim(blocks: Block[], urn: string, c: ClaimShown): Block[] {
  return withLine(blocks, urn, claimLine(c));
}

function withLine(blocks: Block[], urn: string, line: string): Block[] {
  const id = orphanBlockId(urn);
  return blocks.map((b): Block => {
    if (b.block_id === `${id}:actions`)
      return { type: 'context', block_id: `${id}:claimed`, elements: [{ type: 'mrkdwn', text: line }] };
    if (b.block_id === id && b.type === 'section' && b.text)
      return {
        type: 'section',
        block_id: id,
        text: { type: 'mrkdwn', text: clip(`${b.text.text}\n${line}`, LIMITS.sectionText) },
      };
    return b;
  });
}

/** A ping's blocks once its orphan has an owner again, given in DataHub (not from this ping). */
export function withOwner(blocks: Block[], urn: string): Block[] {
  return withLine(blocks, urn, ':white_check_mark: *It has an owner again* in DataHub.');
}

/** What Argos tells the clicker, only to them. */
export const claimReplies = {
  claimed: (entity: string, removed: string[]) =>
    `You now own ${code(entity)} in DataHub (technical owner).${removed.length ? ` Removed the owners who left: ${removed.map((u) => plain(shortName(u))).join(', ')}.` : ''}`,
  already: (entity: string, owners: string[]) =>
    `${code(entity)} was already claimed by ${owners.map((o) => plain(o)).join(', ')}: nothing changed.`,
  noEmail: () => 'Argos cannot see your email in Slack, so it cannot tell who you are in DataHub: nothing changed.',
  noAccount: (email: string) =>
    `No DataHub user has the email ${plain(email)}: ask a DataHub admin for an account, then claim again. Nothing changed.`,
  inactive: (name: string) => `${plain(name)} is not an active DataHub user: nothing changed.`,
  badValue: () => 'That button does not name anything Argos knows: nothing changed.',
  gone: (urn: string) => `DataHub no longer has ${code(shortName(urn))}: nothing changed.`,
  failed: (detail: string) => `Argos could not claim it: ${plain(clip(detail, 300))}. Try again in a moment.`,
};
