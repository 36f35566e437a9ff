import v8 from 'node:v8';

/** How much V8 may grow the heap past what the last full collection found live, in percent. */
export const HEAP_GROWING_PERCENT = 50;

/**
 * Tunes V8's garbage collector for Janus's shape of work, at process start (the flags are read at each collection,
 * so setting them here takes effect). A whole-catalog scan holds one large, long-lived working set (the catalog
 * and what is derived from it once) and then judges thousands of models whose findings die with each verdict.
 * Measured on the 5,000-model benchmark catalog (bench/notes.md):
 *
 * - No allocation-site pretenuring. V8 sends a site's objects straight to the old generation once it sees nearly
 *   all of them survive a young collection, and rarely changes its mind. The catalog's one-time build taught it to
 *   do so for per-model findings, which then waited for full collections: judging 1,500 models peaked at 1,180 MB
 *   with it, 558 MB without, at the same speed.
 * - The heap grows by at most half of what is live. With memory to spare V8 lets a heap grow to four times its live
 *   set before a full collection; a scan's live set is about 200 MB, and it peaked at 630 MB of RSS. At 50% it peaks
 *   at about 470 MB, in the same time: few objects outlive a model, so full collections stay rare.
 *
 * `node --no-allocation-site-pretenuring --heap-growing-percent=50` does the same from the command line.
 *
 * A command that judges one model (`trust`, `gate`) reads its whole upstream in one response (on the medium
 * benchmark catalog 46 MB of JSON, about 300 MB of objects for a moment) and holds nothing after it: bounding its heap
 * only makes V8 collect it over and over as it grows (about 20% more CPU for `trust model_00001`, stale, paired runs),
 * so it keeps V8's default growth.
 */
export function tuneGarbageCollection(command?: string): void {
  v8.setFlagsFromString('--no-allocation-site-pretenuring');
  if (!ONE_MODEL_COMMANDS.has(command ?? '')) v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}

const ONE_MODEL_COMMANDS = new Set(['trust', 'gate']);
