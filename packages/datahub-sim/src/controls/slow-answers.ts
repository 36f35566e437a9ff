/**
 * A request made slow on purpose: the next `times` requests (every one when not given) that select the root field
 * `field` take `ms` longer after they have run, as a GMS request whose work (a write included) is done but whose
 * answer is late. With the request timeout (`requestTimeoutMs`) shorter than `ms`, such a request is answered 503
 * after its write landed: the ambiguous answer a client must not take for "nothing happened".
 */
export interface SlowAnswer {
  field: string;
  ms: number;
  times?: number;
}

/** The slow answers planted through `/__sim/slow-answers`. */
export class SlowAnswers {
  private planted: SlowAnswer[] = [];

  plant(slow: SlowAnswer): void {
    this.planted.push({ ...slow });
  }

  /** How long to hold the answer of a request with these root fields (0: not at all), counting each use down. */
  holdFor(rootFields: readonly string[]): number {
    let hold = 0;
    for (const slow of [...this.planted]) {
      if (!rootFields.includes(slow.field)) continue;
      hold = Math.max(hold, slow.ms);
      if (slow.times !== undefined && --slow.times <= 0) this.planted.splice(this.planted.indexOf(slow), 1);
    }
    return hold;
  }

  list(): SlowAnswer[] {
    return this.planted.map((s) => ({ ...s }));
  }

  clear(): void {
    this.planted = [];
  }
}

/** Reads a planted slow answer from a control request's body; a message when it is not one. */
export function parseSlowAnswer(body: string, rootFields: readonly string[]): SlowAnswer | string {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return 'expected a JSON object {field, ms, times?}';
  }
  const { field, ms, times } = (value ?? {}) as Record<string, unknown>;
  if (typeof field !== 'string' || !rootFields.includes(field)) return 'field: expected a Query or Mutation field';
  if (typeof ms !== 'number' || !Number.isInteger(ms) || ms < 1) return 'ms: expected a whole number >= 1';
  if (times !== undefined && (typeof times !== 'number' || !Number.isInteger(times) || times < 1))
    return 'times: expected a whole number >= 1';
  return { field, ms, ...(times !== undefined ? { times } : {}) };
}
