import { z } from 'zod';
import { actorOf, isIncidentUrn, RESOLUTIONS, type Resolution } from '../core/incident-status.js';
import type { types } from '@slack/bolt';
import {
  ACCEPT_DAYS,
  failureMessage,
  NOTE_MAX,
  outcomeMessage,
  resolveModal,
  type ResolveMetadata,
} from './incident-blocks.js';
import { clickAnswer } from './click-answer.js';
import { failureDetail, parseClick, type Reply } from './click-payload.js';
import type { IncidentHandlerDeps } from './incident-deps.js';
import type { MessageRef } from './incident-show.js';

/**
 * Resolve: the button opens a modal (its trigger lasts 3 s, so the identity and authorization checks get
 * `precheckMs` before it opens anyway; a refusal they find in time is told at once); the submission writes.
 */
export async function runResolveClick(
  deps: IncidentHandlerDeps,
  body: unknown,
  reply: Reply | undefined,
  openView: (triggerId: string, view: types.ModalView) => Promise<unknown>,
): Promise<void> {
  const click = parseClick(body);
  if (!click) return deps.logger.warn('Resolve click without the fields Slack sends: ignored');
  const log = deps.logger.child({
    action: 'incident.resolve',
    incident: click.value,
    user: click.user,
    origin: click.origin,
  });
  const answer = clickAnswer(deps, click, reply, log);
  if (!isIncidentUrn(click.value)) return answer.tell(outcomeMessage({ kind: 'malformed', value: click.value }));
  let title = click.value;
  try {
    const checked = await Promise.race([
      deps.check(click.value, click.user),
      new Promise<'late'>((r) => setTimeout(() => r('late'), deps.precheckMs).unref()),
    ]);
    if (checked !== 'late') {
      if (checked.kind !== 'allowed') return await answer.tell(outcomeMessage(checked));
      title = checked.incident.title;
      if (checked.incident.status.state === 'RESOLVED') {
        const view = { urn: checked.incident.urn, title, status: checked.incident.status };
        await answer.show(view);
        return await answer.tell(
          outcomeMessage(
            { kind: 'unchanged', already: 'resolved', by: actorOf(view.status), view },
            { confirm: answer.confirm },
          ),
        );
      }
    }
    if (!click.triggerId) throw new Error('Slack sent no trigger to open the form with');
    if (click.message) await deps.remember(click.message, click.value);
    // an ephemeral message is never updated by ts: the submission tells the clicker in its channel instead
    const meta: ResolveMetadata = {
      urn: click.value,
      channel: click.channel ?? '',
      ts: click.message?.ts ?? '',
      ...(click.origin === 'home' ? { from: 'home' as const } : {}),
    };
    await openView(click.triggerId, resolveModal(meta, title, deps.acceptanceMaxDays));
    log.info({ checked: checked === 'late' ? 'late' : 'allowed' }, 'Resolve form opened');
  } catch (err) {
    log.warn({ err: failureDetail(err) }, 'Resolve click failed');
    await answer.tell(failureMessage(failureDetail(err)));
  }
}

const metadataSchema = z.object({
  urn: z.string(),
  channel: z.string(),
  ts: z.string(),
  from: z.literal('home').optional(),
});
const valuesSchema = z.object({
  stage: z.object({ stage: z.object({ selected_option: z.object({ value: z.string() }).nullish() }) }).optional(),
  note: z.object({ note: z.object({ value: z.string().nullish() }) }).optional(),
  duration: z.object({ duration: z.object({ selected_option: z.object({ value: z.string() }).nullish() }) }).optional(),
});

export type ResolveForm =
  | { kind: 'errors'; errors: Record<string, string> }
  | {
      kind: 'form';
      urn: string;
      channel?: string;
      message?: MessageRef;
      /** Opened from App Home: the answer is Home published again. */
      fromHome?: boolean;
      stage: Resolution;
      note: string;
      /** Accept the risk (NO_ACTION_REQUIRED) for this many days. */
      days?: number;
    };

/** The submitted modal, checked: a form Argos did not open, no stage, or no note is an error shown in the modal. */
export function parseResolveForm(view: { private_metadata?: string; state?: { values?: unknown } }): ResolveForm {
  let meta: z.infer<typeof metadataSchema> | undefined;
  try {
    const parsed = metadataSchema.safeParse(JSON.parse(view.private_metadata ?? ''));
    if (parsed.success && isIncidentUrn(parsed.data.urn)) meta = parsed.data;
  } catch {
    // not JSON: not a form Argos opened
  }
  if (!meta)
    return {
      kind: 'errors',
      errors: { note: 'This form does not name a DataHub incident Argos knows. Nothing was changed.' },
    };
  const values = valuesSchema.safeParse(view.state?.values ?? {});
  const stage = values.success ? values.data.stage?.stage.selected_option?.value : undefined;
  const note = (values.success ? values.data.note?.note.value : undefined)?.trim() ?? '';
  const errors: Record<string, string> = {};
  if (!stage || !(RESOLUTIONS as readonly string[]).includes(stage)) errors.stage = 'Choose Fixed or Accept the risk.';
  if (!note || note.length > NOTE_MAX) errors.note = `Write a note (at most ${NOTE_MAX} characters).`;
  const chosen = Number(values.success ? values.data.duration?.duration.selected_option?.value : undefined);
  const days = (ACCEPT_DAYS as readonly number[]).includes(chosen) ? chosen : undefined;
  if (stage === 'NO_ACTION_REQUIRED' && !days) errors.duration = 'Choose how long the risk is accepted.';
  if (Object.keys(errors).length) return { kind: 'errors', errors };
  return {
    kind: 'form',
    urn: meta.urn,
    ...(meta.channel ? { channel: meta.channel } : {}),
    ...(meta.channel && meta.ts ? { message: { channel: meta.channel, ts: meta.ts } } : {}),
    ...(meta.from === 'home' ? { fromHome: true } : {}),
    stage: stage as Resolution,
    note,
    ...(stage === 'NO_ACTION_REQUIRED' && days ? { days } : {}),
  };
}

/**
 * After the submission's ack: the use case, and what the clicker should hear (ephemeral, in the message's channel;
 * App Home published again when the form was opened there).
 */
export async function runResolveSubmit(
  deps: IncidentHandlerDeps,
  form: Extract<ResolveForm, { kind: 'form' }>,
  user: string,
): Promise<void> {
  const log = deps.logger.child({ action: 'incident.resolve', incident: form.urn, user });
  const tell = async (m: ReturnType<typeof failureMessage> | undefined) => {
    if (form.fromHome && deps.home)
      return deps
        .home(user, m)
        .catch((e: unknown) => log.error({ err: failureDetail(e) }, 'could not publish App Home'));
    if (!m || !form.channel) return;
    await deps.api
      .ephemeral(form.channel, user, m.text, m.blocks)
      .catch((e: unknown) => log.error({ err: failureDetail(e) }, 'could not tell the clicker'));
  };
  try {
    // Accept the risk: the acceptance first (nothing resolved if it cannot be written), by the person the incident
    // actions authorise (owners, admins, responders)
    if (form.days && deps.accept) {
      const checked = await deps.check(form.urn, user);
      if (checked.kind !== 'allowed') return await tell(outcomeMessage(checked, { confirm: true }));
      const { models } = await deps.accept(checked.actor, checked.incident, { reason: form.note, days: form.days });
      log.info({ models, days: form.days }, 'risk accepted');
    }
    const outcome = await deps.act(
      { action: 'resolve', value: form.urn, slackUser: user, resolution: { stage: form.stage, note: form.note } },
      form.message ? { message: form.message } : undefined,
    );
    log.info({ outcome: outcome.kind, stage: form.stage }, 'incident resolve submitted');
    await tell(outcomeMessage(outcome, { confirm: !form.message }));
  } catch (err) {
    log.warn({ err: failureDetail(err) }, 'incident resolve failed');
    await tell(failureMessage(failureDetail(err)));
  }
}
