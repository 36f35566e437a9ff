/** At most `max` calls of `run` in progress at once; the others wait their turn, first come first served. */
export interface Limiter {
  run<T>(fn: () => Promise<T>): Promise<T>;
}

export function createLimiter(max: number): Limiter {
  if (!Number.isInteger(max) || max < 1) throw new RangeError(`concurrency must be a whole number >= 1, got ${max}`);
  let active = 0;
  const waiting: (() => void)[] = [];
  return {
    async run(fn) {
      if (active < max) active++;
      else await new Promise<void>((resolve) => waiting.push(resolve)); // the slot is handed over on release
      try {
        return await fn();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else active--;
      }
    },
  };
}
