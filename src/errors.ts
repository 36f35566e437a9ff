/** Janus's few error classes. Each carries a `code`; the CLI maps them to exit codes in one place. */
export class JanusError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The user asked for something malformed: a bad flag value, an unknown model name. Exit 2. */
export class UsageError extends JanusError {
  constructor(message: string) {
    super(message, 'usage');
  }
}

/** Configuration is missing or invalid; the message lists every problem with the setting's name. Exit 2. */
export class ConfigError extends JanusError {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`, 'config');
  }
}

/** The gate blocked: its report is already printed. Exit 1. */
export class BlockedError extends JanusError {
  constructor(message: string) {
    super(message, 'blocked');
  }
}

/** Some write-back steps failed; the rest ran. Exit 1. */
export class WriteBackError extends JanusError {
  constructor(message: string) {
    super(message, 'writeback');
  }
}
