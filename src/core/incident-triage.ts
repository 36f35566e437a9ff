import {
  actorOf,
  oneLine,
  type IncidentStage,
  type IncidentStatus,
  type Person,
  type StatusInput,
} from './incident-status.js';

/**
 * Who an incident is assigned to, its priority and its stage, as people set them from Slack (Assign to me, the
 * priority / stage menu, and Acknowledge, which assigns the acknowledger). Pure.
 *
 * DataHub's `updateIncident` sets priority and assignees from its input whatever is left out (GMS's
 * UpdateIncidentResolver: `SetMode.REMOVE_IF_NULL`), so every change sends both, the current value of the one it
 * leaves alone.
 */

/** `IncidentPriority`, highest first: IncidentInfo.priority 0–3. */
export const INCIDENT_PRIORITIES = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'] as const;
export type IncidentPriority = (typeof INCIDENT_PRIORITIES)[number];
/** The stages an ACTIVE incident can be moved to from the menu; FIXED and NO_ACTION_REQUIRED go through Resolve. */
export const ACTIVE_STAGES = [
  'TRIAGE',
  'INVESTIGATION',
  'WORK_IN_PROGRESS',
] as const satisfies readonly IncidentStage[];
export type ActiveStage = (typeof ACTIVE_STAGES)[number];

export type IncidentControl = 'assign' | 'priority' | 'stage';

/** A user or group an incident is assigned to. */
export interface Assignee {
  urn: string;
  name: string;
}

/** What DataHub holds of an incident besides its status: priority and assignees. */
export interface IncidentPeople {
  priority: IncidentPriority | null;
  assignees: Assignee[];
}

/** `updateIncident`'s input for priority and assignees (both always sent). */
export interface PeopleInput {
  priority: IncidentPriority | null;
  assigneeUrns: string[];
}

/** A write to an incident: its status (`updateIncidentStatus`), its people (`updateIncident`, with the status if any). */
export interface IncidentWrite {
  status?: StatusInput;
  people?: PeopleInput;
}

export type TriageDecision =
  | { kind: 'apply'; write: IncidentWrite }
  | { kind: 'unchanged'; already: 'resolved' | 'assigned' | 'priority' | 'stage'; by: string | null };

export const PRIORITY_WORD: Record<IncidentPriority, string> = {
  CRITICAL: 'P0 Critical',
  HIGH: 'P1 High',
  MEDIUM: 'P2 Medium',
  LOW: 'P3 Low',
};
export const STAGE_WORD: Record<IncidentStage, string> = {
  TRIAGE: 'triage',
  INVESTIGATION: 'investigation',
  WORK_IN_PROGRESS: 'work in progress',
  FIXED: 'fixed',
  NO_ACTION_REQUIRED: 'no action required',
};

export const isPriority = (v: string): v is IncidentPriority => (INCIDENT_PRIORITIES as readonly string[]).includes(v);
export const isActiveStage = (v: string): v is ActiveStage => (ACTIVE_STAGES as readonly string[]).includes(v);

/** The people input that keeps everything as it is, with `urn` assigned too (added after the others, once). */
export function withAssignee(current: IncidentPeople, urn?: string): PeopleInput {
  const urns = current.assignees.map((a) => a.urn);
  return { priority: current.priority, assigneeUrns: urn && !urns.includes(urn) ? [...urns, urn] : urns };
}

/** The status message of a stage set from the menu: `Moved to work in progress by Erin Walsh (e@x) in Slack.` */
export const stageMessage = (stage: ActiveStage, person: Person): string =>
  `Moved to ${STAGE_WORD[stage]} by ${oneLine(person.name)} (${oneLine(person.email)}) in Slack.`;

/** What Assign to me, a priority or a stage does to an incident now: a write, or why nothing is written. */
export function decideTriage(
  control: IncidentControl,
  current: { status: IncidentStatus; people: IncidentPeople },
  person: Person & { urn: string },
  choice?: string,
): TriageDecision {
  const { status, people } = current;
  switch (control) {
    case 'assign':
      if (status.state === 'RESOLVED') return { kind: 'unchanged', already: 'resolved', by: actorOf(status) };
      if (people.assignees.some((a) => a.urn === person.urn))
        return { kind: 'unchanged', already: 'assigned', by: person.name };
      return { kind: 'apply', write: { people: withAssignee(people, person.urn) } };
    case 'priority':
      if (!choice || !isPriority(choice)) throw new Error(`not a priority: ${choice}`);
      if (people.priority === choice) return { kind: 'unchanged', already: 'priority', by: null };
      return { kind: 'apply', write: { people: { ...withAssignee(people), priority: choice } } };
    case 'stage':
      if (!choice || !isActiveStage(choice)) throw new Error(`not a stage to move to: ${choice}`);
      if (status.state === 'RESOLVED') return { kind: 'unchanged', already: 'resolved', by: actorOf(status) };
      if (status.stage === choice) return { kind: 'unchanged', already: 'stage', by: actorOf(status) };
      return {
        kind: 'apply',
        write: { status: { state: 'ACTIVE', stage: choice, message: stageMessage(choice, person) } },
      };
  }
}
