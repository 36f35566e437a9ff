/** One /api/graphql request as the simulator answered it: when it came (the real clock), its operation, its status. */
export interface LoggedRequest {
  at: number;
  operation: string | null;
  status: number;
}

/** The last requests to /api/graphql, oldest first (`GET /__sim/requests`): how a client paced its retries. */
export class RequestLog {
  private entries: LoggedRequest[] = [];

  constructor(private readonly max = 1_000) {}

  add(entry: LoggedRequest): void {
    this.entries.push(entry);
    if (this.entries.length > this.max) this.entries.splice(0, this.entries.length - this.max);
  }

  list(): LoggedRequest[] {
    return this.entries.map((e) => ({ ...e }));
  }

  clear(): void {
    this.entries = [];
  }
}

/** The operation a body names, when it is JSON with an `operationName` (null otherwise). */
export function operationNamed(body: string): string | null {
  try {
    const name = (JSON.parse(body) as { operationName?: unknown } | null)?.operationName;
    return typeof name === 'string' && name ? name : null;
  } catch {
    return null;
  }
}
