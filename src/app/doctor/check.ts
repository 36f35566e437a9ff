/** One line of `janus doctor`: what was checked, how it stands, and what to do when it does not. */
export interface Check {
  area: 'config' | 'datahub' | 'redis' | 'slack';
  /** What was checked, in a few words. */
  name: string;
  /** ok ✅, warn ⚠️ (works, but worth a look), fail ❌ (Janus will not work as configured), skip (not configured). */
  status: 'ok' | 'warn' | 'fail' | 'skip';
  /** What was found. */
  detail: string;
  /** What to do about it (warn and fail). */
  fix?: string;
}

export const ok = (area: Check['area'], name: string, detail: string): Check => ({ area, name, status: 'ok', detail });
export const warn = (area: Check['area'], name: string, detail: string, fix: string): Check => ({
  area,
  name,
  status: 'warn',
  detail,
  fix,
});
export const fail = (area: Check['area'], name: string, detail: string, fix: string): Check => ({
  area,
  name,
  status: 'fail',
  detail,
  fix,
});
export const skip = (area: Check['area'], name: string, detail: string): Check => ({
  area,
  name,
  status: 'skip',
  detail,
});

/** The message of anything thrown, on one line. */
export const reason = (err: unknown): string =>
  (err instanceof Error ? err.message : String(err)).split('\n')[0]!.slice(0, 300);

/** A promise that gives up after `ms`, so one hung dependency cannot hang the whole checklist. */
export function within<T>(ms: number, work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
