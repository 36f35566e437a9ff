/**
 * Durations as people and tools write them: ISO-8601 (`PT24H`, `P1D`), short forms (`24h`, `90m`, `2d`),
 * and what Airflow's `repr(timedelta)` leaves in `dataJobInfo.customProperties.sla`
 * (`datetime.timedelta(seconds=3600)`, `datetime.timedelta(days=1, seconds=7200)`, `1:00:00`).
 * Returns milliseconds, or undefined when the text is not a duration.
 */
const UNIT_MS: Record<string, number> = { s: 1e3, m: 6e4, h: 36e5, d: 864e5, w: 6048e5 };

export function parseDuration(text: string | undefined): number | undefined {
  if (!text) return undefined;
  const t = text.trim();
  const iso =
    /^P(?:(\d+(?:\.\d+)?)W)?(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/i.exec(
      t,
    );
  if (iso && t.length > 1 && !/T$/i.test(t)) {
    const [, w, d, h, m, s] = iso.map((x) => (x === undefined ? 0 : Number(x)));
    return positive(w! * UNIT_MS.w! + d! * UNIT_MS.d! + h! * UNIT_MS.h! + m! * UNIT_MS.m! + s! * UNIT_MS.s!);
  }
  const short = /^(\d+(?:\.\d+)?)\s*([smhdw])$/i.exec(t);
  if (short) return positive(Number(short[1]) * UNIT_MS[short[2]!.toLowerCase()]!);
  const td = /^datetime\.timedelta\((.*)\)$/.exec(t);
  if (td) {
    let ms = 0;
    for (const part of td[1]!.split(',')) {
      const kv = /^\s*(days|seconds|microseconds|milliseconds|minutes|hours|weeks)\s*=\s*(-?\d+(?:\.\d+)?)\s*$/.exec(
        part,
      );
      if (!kv) return undefined;
      const factor = {
        days: 864e5,
        seconds: 1e3,
        microseconds: 1e-3,
        milliseconds: 1,
        minutes: 6e4,
        hours: 36e5,
        weeks: 6048e5,
      }[kv[1]!]!;
      ms += Number(kv[2]) * factor;
    }
    return positive(ms);
  }
  const clock = /^(?:(\d+) days?, )?(\d+):(\d{2}):(\d{2})$/.exec(t);
  if (clock)
    return positive(
      Number(clock[1] ?? 0) * 864e5 + Number(clock[2]) * 36e5 + Number(clock[3]) * 6e4 + Number(clock[4]) * 1e3,
    );
  return undefined;
}

const positive = (ms: number): number | undefined => (ms > 0 && Number.isFinite(ms) ? Math.round(ms) : undefined);

/** `3h 5m`, `2d 4h`, `45s`: a lag or an SLA for people. */
export function formatDuration(ms: number): string {
  const parts: string[] = [];
  let rest = Math.max(0, Math.round(ms / 1000));
  for (const [unit, size] of [
    ['d', 86400],
    ['h', 3600],
    ['m', 60],
    ['s', 1],
  ] as const) {
    const n = Math.floor(rest / size);
    if (n > 0) parts.push(`${n}${unit}`);
    rest -= n * size;
  }
  return parts.slice(0, 2).join(' ') || '0s';
}
