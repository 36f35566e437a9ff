import { createHash } from 'node:crypto';

/**
 * A DataHub incident's status as people act on it from Slack, and what a click does to it. Pure.
 *
 * DataHub has no "acknowledged" state (DATAHUB-API.md §7): Acknowledge is ACTIVE with stage INVESTIGATION, Resolve is
 * RESOLVED with FIXED or NO_ACTION_REQUIRED, Reopen is ACTIVE with TRIAGE. Janus writes with its own token, so the
 * person is named in the status message, in a form Janus reads back (`actorOf`).
 */

export type IncidentState = 'ACTIVE' | 'RESOLVED';
export const INCIDENT_STAGES = ['TRIAGE', 'INVESTIGATION', 'WORK_IN_PROGRESS', 'FIXED', 'NO_ACTION_REQUIRED'] as const;
export type IncidentStage = (typeof INCIDENT_STAGES)[number];
export const RESOLUTIONS = ['FIXED', 'NO_ACTION_REQUIRED'] as const;
export type Resolution = (typeof RESOLUTIONS)[number];

export type IncidentAction = 'ack' | 'resolve' | 'reopen';

/** What DataHub holds of an incident's status (`incidentStatus`). */
export interface IncidentStatus {
  state: IncidentState;
  stage: IncidentStage | null;
  message: string | null;
  /** `lastUpdated.time` (ms). */
  updatedAt: number | null;
  /** `lastUpdated.actor`: the token's user for Janus's writes, the person for DataHub's UI. */
  updatedBy: string | null;
}

/** The person acting, as DataHub knows them. */
export interface Person {
  name: string;
  email: string;
}

/** `updateIncidentStatus`'s input. */
export interface StatusInput {
  state: IncidentState;
  stage: IncidentStage;
  message: string;
}

/** What a click comes to: a status to write, or why nothing is written (the incident is already there). */
export type Decision =
  | { kind: 'apply'; input: StatusInput }
  | {
      kind: 'unchanged';
      /** What the incident already is: acknowledged, resolved, or open (triage). */
      already: 'acknowledged' | 'resolved' | 'open';
      /** Who put it there, when DataHub says (the person named in its message, else the actor's user name). */
      by: string | null;
    };

/** The status Janus raises an incident with: what an alert's Acknowledge / Resolve buttons show until someone acts. */
export const RAISED_STATUS: Readonly<StatusInput> = Object.freeze({
  state: 'ACTIVE',
  stage: 'TRIAGE',
  message: 'Raised by Janus',
});

const ACKNOWLEDGED: readonly (IncidentStage | null)[] = Object.freeze(['INVESTIGATION', 'WORK_IN_PROGRESS']);

/** Whether an ACTIVE incident has been taken up by someone. */
export const isAcknowledged = (s: Pick<IncidentStatus, 'state' | 'stage'>): boolean =>
  s.state === 'ACTIVE' && ACKNOWLEDGED.includes(s.stage);

/**
 * What `action` does to an incident in `current`: a transition only from the state the button was shown for. A
 * button on an incident that moved meanwhile (a second click, someone else, DataHub's UI) writes nothing and says where
 * it is now.
 */
export function decide(
  action: IncidentAction,
  current: IncidentStatus,
  person: Person,
  resolution?: { stage: Resolution; note: string },
): Decision {
  const already = (what: 'acknowledged' | 'resolved' | 'open'): Decision => ({
    kind: 'unchanged',
    already: what,
    by: actorOf(current),
  });
  if (current.state === 'RESOLVED') {
    if (action !== 'reopen') return already('resolved');
    return { kind: 'apply', input: { state: 'ACTIVE', stage: 'TRIAGE', message: statusMessage('reopen', person) } };
  }
  switch (action) {
    case 'reopen':
      return already(isAcknowledged(current) ? 'acknowledged' : 'open');
    case 'ack':
      if (isAcknowledged(current)) return already('acknowledged');
      return {
        kind: 'apply',
        input: { state: 'ACTIVE', stage: 'INVESTIGATION', message: statusMessage('ack', person) },
      };
    case 'resolve':
      if (!resolution) throw new Error('a resolution needs a stage and a note');
      return {
        kind: 'apply',
        input: {
          state: 'RESOLVED',
          stage: resolution.stage,
          message: statusMessage('resolve', person, resolution.note),
        },
      };
  }
}

const VERB: Record<IncidentAction, string> = { ack: 'Acknowledged', resolve: 'Resolved', reopen: 'Reopened' };

/**
 * The status message naming the person: `Acknowledged by Erin Walsh (erin.walsh@acme.example) in Slack.`, and for a
 * resolution `Resolved by … in Slack: <note>`. `actorOf` and `noteOf` read it back.
 */
export function statusMessage(action: IncidentAction, person: Person, note?: string): string {
  const who = `${VERB[action]} by ${oneLine(person.name)} (${oneLine(person.email)}) in Slack`;
  const text = note?.trim();
  return text ? `${who}: ${text}` : `${who}.`;
}

/** A name or email as one line, without the parentheses the message puts around the email. */
export const oneLine = (s: string) => s.replace(/[\s()]+/g, ' ').trim();
const NAMED =
  /^(?:Acknowledged|Resolved|Reopened|Raised|Moved to [a-z ]+?) by ([^(:.\n]+?)(?: \([^)]*\))?(?: in Slack)?(?:[:.]|$)/;

/** Who a status names (Janus's convention, or "Janus" for its own writes), else the user name of its actor. */
export function actorOf(s: Pick<IncidentStatus, 'message' | 'updatedBy'>): string | null {
  const named = s.message ? NAMED.exec(s.message) : null;
  if (named) return named[1]!.trim();
  const actor = s.updatedBy?.startsWith('urn:li:corpuser:') ? s.updatedBy.slice('urn:li:corpuser:'.length) : null;
  return actor || null;
}

/** The email a status message written by `statusMessage` names the person with. */
export function emailOf(message: string | null): string | undefined {
  const m = message ? NAMED_EMAIL.exec(message) : null;
  return m?.[1]?.trim() || undefined;
}
const NAMED_EMAIL =
  /^(?:Acknowledged|Resolved|Reopened|Moved to [a-z ]+?) by [^(:\n]+? \(([^()\s]+@[^()\s]+)\) in Slack[:.]/;

/** The person's note in a status message written by `statusMessage` (or the whole message, written elsewhere). */
export function noteOf(message: string | null): string | null {
  if (!message) return null;
  const m = /^(?:Acknowledged|Resolved|Reopened|Moved to [a-z ]+?) by [^:]*? in Slack(?:: ([\s\S]*)|\.)$/.exec(message);
  if (m) return m[1]?.trim() || null;
  return message;
}

/** What a Slack message shows of an incident, as a short string: it needs no update while this is the same. */
export const statusFingerprint = (s: Pick<IncidentStatus, 'state' | 'stage' | 'message'>): string =>
  createHash('sha256')
    .update(JSON.stringify([s.state, s.stage, s.message]))
    .digest('hex')
    .slice(0, 16);

/** An incident urn, as a button's value must be: anything else is refused before DataHub is asked. */
export const isIncidentUrn = (value: string): boolean => /^urn:li:incident:[\w.:-]{1,200}$/.test(value);
