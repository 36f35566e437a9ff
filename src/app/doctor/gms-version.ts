import { z } from 'zod';

/** The oldest DataHub release Janus works on (docs/datahub.md). */
export const OLDEST_SUPPORTED = 'v1.0.0';

export interface GmsVersion {
  /** As GMS says it (`v1.3.0`, `v1.0.0rc3`, `0.15.0`). */
  text: string;
  supported: boolean;
}

/** GMS's `GET /config`: its release under `versions["acryldata/datahub"].version`. */
const serverConfig = z.object({
  versions: z.record(z.string(), z.object({ version: z.string().optional() }).loose()).optional(),
});

/** The release a `/config` body names, or undefined when it names none. */
export function parseGmsVersion(body: unknown): GmsVersion | undefined {
  const parsed = serverConfig.safeParse(body);
  const text = parsed.success ? parsed.data.versions?.['acryldata/datahub']?.version : undefined;
  if (!text) return undefined;
  const m = /^v?(\d+)\.(\d+)\.(\d+)/.exec(text);
  if (!m) return { text, supported: true };
  return { text, supported: Number(m[1]) >= 1 };
}
