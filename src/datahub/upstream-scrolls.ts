/**
 * What DataHub's multi-hop upstream scroll answered for each root, kept for one run whose judgments walk the same
 * roots again (the gate judges each model with its proposed lineage and without): a root scrolled to its end is not
 * scrolled twice. Only for one run: a later one must see lineage that changed since.
 */
export class UpstreamScrolls {
  readonly #reached = new Map<string, string[]>();

  /** Everything upstream of the root, when a scroll of it ran to its end in this run. */
  get(root: string): readonly string[] | undefined {
    return this.#reached.get(root);
  }

  /** Records a root's scroll that ran to its end (a scroll cut short by a limit is not its whole upstream). */
  set(root: string, urns: string[]): void {
    this.#reached.set(root, urns);
  }
}
