import { z } from 'zod';
import { list } from './list.js';

/** Who may act on incidents from Slack (docs/slack.md, "Acting on incidents"): settings of `slack`. */
export const slackIncidentSettings = {
  /** `owners`: the owners of the incident's dataset or affected models, and the admins; `anyone`: every member with a DataHub account. */
  actors: z.enum(['owners', 'anyone']).default('owners'),
  /**
   * Who may always act on incidents, snooze and accept risks, from Slack and the CLI alike: DataHub user urns, Slack
   * member ids (`U…`, `W…`) or emails (docs/accepted-risk.md).
   */
  admins: list
    .pipe(
      z.array(
        z
          .string()
          .regex(
            /^(urn:li:corpuser:.+|[UW][A-Z0-9]+|[^@\s]+@[^@\s]+)$/,
            'a DataHub user urn (urn:li:corpuser:…), a Slack member id (U…, W…) or an email',
          ),
      ),
    )
    .default([]),
  /**
   * The on-call responders, who may act and snooze as admins do: Slack user groups (`S…`, members read with
   * `usergroups.users.list`) and members (`U…`, `W…`).
   */
  responders: list
    .pipe(z.array(z.string().regex(/^[SUW][A-Z0-9]+$/, 'a Slack user group id (S…) or member id (U…, W…)')))
    .default([]),
  /** How long a Slack member's DataHub identity (email, user, groups) is kept before it is looked up again (ms). */
  identityTtlMs: z.coerce.number().int().min(0).default(600_000),
};
