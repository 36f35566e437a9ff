import type { Band } from '../../core/score.js';
import type { CauseAcceptance } from '../../core/transitions.js';
import type { SlackMessage } from '../present/kit.js';

/**
 * What Argos said, and where, about one alert: a root cause (one episode of it) or a model's own band change.
 * Kept in Redis between cycles (the planner's state): a restart reads it back and never posts an alert twice.
 */
export interface AlertState {
  /** `cause:<finding key>#<episode>` or `model:<model urn>#<n>`. */
  id: string;
  kind: 'cause' | 'model';
  /** The root cause's finding key, or the model's urn. */
  key: string;
  /** The root-cause entity (a dataset), for a root cause. */
  dataset?: string;
  detector?: string;
  severity?: string;
  /** One line: what happened (where no model is named first: an escalation, a digest's thread). */
  headline: string;
  /** What happened without the model, when the headline names one (a model's own trouble, such as a leak). */
  trouble?: string;
  /** Argos's sentences about it: the evidence (column chain, failed run, lag vs SLA). */
  story: string[];
  /** When it began (ISO). */
  since: string;
  /** When its first message was planned (ms): escalation counts from here. */
  raisedAt: number;
  status: 'open' | 'resolved';
  /** When it cleared (ISO). */
  resolvedAt?: string;
  /** The models it hurts (or the model itself), by urn. */
  models: Record<string, AlertModel>;
  /** How many models it hurts in all (more than `models` holds when the list was cut). */
  modelCount: number;
  /** The DataHub incident Janus raised for it (Acknowledge / Resolve act on it). */
  incident?: string;
  links: AlertLinks;
  /** Each channel it is routed to, by channel (id or name, no `#`). */
  channels: Record<string, AlertChannel>;
  /** Escalated once already (never twice). */
  escalated?: boolean;
  /** Someone acknowledged it (the incident left TRIAGE, or was resolved). */
  acknowledged?: boolean;
  /** Stood down because a person accepted the risk (docs/accepted-risk.md), not because it was fixed. */
  accepted?: CauseAcceptance;
  /** Its owners were told, once, that the acceptance ends within a day (the timers). */
  expiryTold?: boolean;
}

export interface AlertModel {
  urn: string;
  name: string;
  /** Its band as last announced, when a transition said (a model listed only as downstream has none). */
  band?: Band;
  from?: Band | null;
  score?: number;
}

export interface AlertLinks {
  /** The Model Impact Report of the first model it lists (every model's report names the root cause). */
  report?: string;
  /** Janus's public URL: each channel's "Open report" opens its own worst model's report under it. */
  reportBase?: string;
  /** The root-cause entity (or the model) in DataHub's UI. */
  datahub?: string;
  /** The incident in DataHub's UI. */
  incident?: string;
}

export interface AlertChannel {
  /** Messages planned in this channel's thread so far (1: the parent). Delivery runs them in this order. */
  seq: number;
  /** The models this channel lists (urns), in order. */
  models: string[];
  /** The Slack users to mention here (`U…`). */
  mentions: string[];
  /** False while everything it would say is snoozed: posted when the snooze ends, if still open. */
  posted: boolean;
  /** It was posted in a digest: follow-ups name the alert, and the digest is not edited. */
  digest?: boolean;
}

/**
 * One message to deliver: a new message (parent or digest) or a reply in an alert's thread, with the parent's
 * new look to put in place after it. Delivery keeps each thread's order (`threads`: the alert and its sequence).
 */
export interface Delivery {
  /** Identity for the job id: the same plan computed twice gives the same delivery, queued once. */
  id: string;
  channel: string;
  threads: { alert: string; seq: number }[];
  /** Reply in the thread of `threads[0]` (else a new message, parent of every thread it names). */
  reply: boolean;
  message: SlackMessage;
  /** The thread's parent as it should now read (`chat.update` after the reply). */
  parent?: SlackMessage;
  /** What it is, for logs and metrics. */
  what:
    | 'alert'
    | 'followup'
    | 'recovery'
    | 'accepted'
    | 'expiry'
    | 'digest'
    | 'escalation'
    | 'escalation-channel'
    | 'orphan'
    | 'orphan-digest'
    | 'snooze'
    | 'unsnooze';
  /** When the transition that caused it was queued (ms): how long until posted is measured from here. */
  queuedAt: number;
}

/** What a plan (the cycle's or the timers') changes: the alerts' states, the live index, and the messages to send. */
export interface Plan {
  /** Alerts that changed. */
  states: Record<string, AlertState>;
  /** Live index changes (null: no longer open). */
  live: Record<string, string | null>;
  deliveries: Delivery[];
  /** What reached no channel and had no fallback: logged only. */
  unroutable: { alert: string; models: string[] }[];
}
