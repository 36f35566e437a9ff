import { flag } from './mcp.js';

/** Orphan pings and the Claim button (docs/slack.md, "Orphans"): settings of `slack`. */
export const slackOrphanSettings = {
  /** Ping the owners of the models downstream of an entity nobody owns, with a Claim ownership button. */
  orphanPings: flag.default(true),
  /** A claim also removes the departed (suspended) owners of what was claimed. */
  claimRemovesDeparted: flag.default(false),
};
