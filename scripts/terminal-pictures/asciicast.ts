import { z } from 'zod';

/**
 * asciicast v2, the format asciinema records and asciinema-player plays
 * (https://docs.asciinema.org/manual/asciicast/v2/): a header line, then one JSON array a line,
 * `[seconds since the start, "o", what the terminal printed]`.
 */

const headerSchema = z.object({
  version: z.literal(2),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  timestamp: z.number().int().nonnegative().optional(),
  duration: z.number().nonnegative().optional(),
  title: z.string().optional(),
  env: z.record(z.string(), z.string()).optional(),
});
const eventSchema = z.tuple([z.number().nonnegative(), z.enum(['o', 'i', 'm', 'r']), z.string()]);

export type CastHeader = z.infer<typeof headerSchema>;
export type CastEvent = z.infer<typeof eventSchema>;
export interface Cast {
  header: CastHeader;
  events: CastEvent[];
}

export const castText = (cast: Cast): string =>
  [cast.header, ...cast.events].map((line) => JSON.stringify(line)).join('\n') + '\n';

/** Reads a cast back, refusing one whose header or an event is not asciicast v2, or whose times go backwards. */
export function parseCast(text: string): Cast {
  const [first, ...rest] = text.split('\n').filter((line) => line.trim() !== '');
  if (first === undefined) throw new Error('an empty cast: no header line');
  const header = headerSchema.parse(JSON.parse(first));
  const events = rest.map((line, i) => {
    const parsed = eventSchema.safeParse(JSON.parse(line));
    if (!parsed.success) throw new Error(`event ${i + 1} is not [time, code, data]: ${line.slice(0, 80)}`);
    return parsed.data;
  });
  events.forEach(([time], i) => {
    if (i > 0 && time < events[i - 1]![0]) throw new Error(`event ${i + 1} goes back in time (${time}s)`);
  });
  return { header, events };
}

/** What the terminal printed, in order (the output events' data joined). */
export const castOutput = (cast: Cast): string =>
  cast.events
    .filter(([, code]) => code === 'o')
    .map(([, , data]) => data)
    .join('');
