/** What tests (and embedders) may swap in `janus serve` and `janus worker`. */
export interface ServeCommandDeps {
  env?: Record<string, string | undefined>;
  /** Gets the ready line (`janus serve ready <url>`); default stdout. */
  stdout?: { write(text: string): unknown };
  /** Resolves when the server should stop. Default: the first SIGTERM or SIGINT. */
  untilStopped?: () => Promise<unknown>;
}
