import { authorize, canUpdateLinks } from '../../auth/checks.js';
import type { SimContext } from '../../schema/context.js';
import { badRequest } from '../../schema/errors.js';
import { auditStamp, editableAspect, existsInDataHub, isUri, requireUrn, type AuditStamp } from './gms-rules.js';

interface LinkInput {
  linkUrl: string;
  label: string;
  resourceUrn: string;
  settings?: { showInAssetPreview?: boolean | null } | null;
}

interface RemoveLinkInput {
  linkUrl: string;
  label?: string | null;
  resourceUrn: string;
}

/** One element of `institutionalMemory` (the label is stored as `description`). */
interface LinkElement {
  url: string;
  description: string;
  createStamp: AuditStamp;
  updateStamp?: AuditStamp;
  settings?: { showInAssetPreview?: boolean };
  [key: string]: unknown;
}

interface InstitutionalMemory {
  elements?: LinkElement[];
  [key: string]: unknown;
}

/** LinkUtils.validateAddRemoveInput: a URI, then an existing resource. */
function validateInput(ctx: SimContext, linkUrl: string, resourceUrn: string): void {
  requireUrn(resourceUrn);
  if (!isUri(linkUrl)) {
    throw badRequest(`Failed to change institutional memory for resource ${resourceUrn}. Expected an url.`);
  }
  if (!existsInDataHub(ctx.store, resourceUrn)) {
    throw badRequest(`Failed to change institutional memory for resource ${resourceUrn}. Resource does not exist.`);
  }
}

const sameLink = (url: string, label: string) => (e: LinkElement) => e.url === url && e.description === label;

/** LinkUtils.mapSettings: only the flags given are set. */
function mapSettings(settings: LinkInput['settings']): LinkElement['settings'] | undefined {
  if (!settings) return undefined;
  return settings.showInAssetPreview == null ? {} : { showInAssetPreview: settings.showInAssetPreview };
}

function newLink(input: LinkInput, stamp: AuditStamp): LinkElement {
  const link: LinkElement = { url: input.linkUrl, description: input.label, createStamp: stamp };
  const settings = mapSettings(input.settings);
  if (settings) link.settings = settings;
  return link;
}

function editLinks(ctx: SimContext, resourceUrn: string, edit: (elements: LinkElement[]) => LinkElement[]): void {
  const memory = editableAspect<InstitutionalMemory>(ctx.store, resourceUrn, 'institutionalMemory', {});
  memory.elements = edit(memory.elements ?? []);
  ctx.store.write(resourceUrn, 'institutionalMemory', memory);
}

/**
 * AddLinkResolver (LinkUtils.addLink): appends a link, unless one is there already, which leaves it as it is (true all
 * the same). Already there: the same URL and label since v1.3.0; before, any link with the same URL (v1.0's LinkUtils:
 * "if link exists, do not add it again", matched on the URL alone).
 */
export function addLink(_: unknown, { input }: { input: LinkInput }, ctx: SimContext): boolean {
  requireUrn(input.resourceUrn);
  authorize(ctx, canUpdateLinks(ctx, input.resourceUrn));
  validateInput(ctx, input.linkUrl, input.resourceUrn);
  const there =
    ctx.release === '1.0.0' ? (e: LinkElement) => e.url === input.linkUrl : sameLink(input.linkUrl, input.label);
  editLinks(ctx, input.resourceUrn, (elements) =>
    elements.some(there) ? elements : [...elements, newLink(input, auditStamp(ctx))],
  );
  return true;
}

/**
 * UpsertLinkResolver: a link with the same URL and label is updated in place (creation stamp kept,
 * `updateStamp` set, settings replaced when given); otherwise the link is appended.
 */
export function upsertLink(_: unknown, { input }: { input: LinkInput }, ctx: SimContext): boolean {
  requireUrn(input.resourceUrn);
  authorize(ctx, canUpdateLinks(ctx, input.resourceUrn));
  validateInput(ctx, input.linkUrl, input.resourceUrn);
  const stamp = auditStamp(ctx);
  editLinks(ctx, input.resourceUrn, (elements) => {
    const at = elements.findIndex(sameLink(input.linkUrl, input.label));
    if (at === -1) return [...elements, newLink(input, stamp)];
    const existing = elements[at]!;
    const updated: LinkElement = { ...existing, updateStamp: stamp };
    const settings = mapSettings(input.settings);
    if (settings) updated.settings = settings;
    return elements.map((e, i) => (i === at ? updated : e));
  });
  return true;
}

/** RemoveLinkResolver: removes the link with that URL and label, or every link with that URL when no label is given. */
export function removeLink(_: unknown, { input }: { input: RemoveLinkInput }, ctx: SimContext): boolean {
  requireUrn(input.resourceUrn);
  authorize(ctx, canUpdateLinks(ctx, input.resourceUrn));
  validateInput(ctx, input.linkUrl, input.resourceUrn);
  const label = input.label;
  editLinks(ctx, input.resourceUrn, (elements) =>
    elements.filter((e) => (label == null ? e.url !== input.linkUrl : !sameLink(input.linkUrl, label)(e))),
  );
  return true;
}
