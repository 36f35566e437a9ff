import fs from 'node:fs';
import path from 'node:path';
import type { GateResult } from '../../app/gate.js';
import { edgeKey, lineageEdgeLines } from '../../datahub/lineage-file-lines.js';
import { LINEAGE_FILE_MAX_BYTES } from '../../datahub/lineage-file.js';
import { gateAnnotations } from '../../render/gate-annotations.js';
import { gateMarkdown, type GateMarkdownOptions } from '../../render/gate-markdown.js';
import type { GateError } from '../../render/junit.js';
import { readRegularFile } from '../../runtime/regular-file.js';

/**
 * In GitHub Actions: an `::error` annotation per blocking finding, on the `--lineage` line that introduces it, and
 * the Markdown report appended to the job summary. Annotations go to stderr (the runner reads workflow commands
 * there too), so stdout stays the report alone (JSON, JUnit).
 */
export function reportToGithub(
  results: GateResult[],
  lineageFile: string | undefined,
  errored: GateError[] = [],
  env: Record<string, string | undefined> = process.env,
  markdown: GateMarkdownOptions = {},
): void {
  if (env.GITHUB_ACTIONS !== 'true') return;
  const lines = lineageFile ? lineageEdgeLines(readRegularFile(lineageFile, LINEAGE_FILE_MAX_BYTES)) : undefined;
  const annotations = gateAnnotations(
    results,
    lineageFile && lines
      ? { file: repoPath(lineageFile, env), lineOf: (down, up) => lines.get(edgeKey(down, up)) }
      : undefined,
  );
  if (annotations.length) process.stderr.write(`${annotations.join('\n')}\n`);
  if (!env.GITHUB_STEP_SUMMARY) return;
  try {
    fs.appendFileSync(env.GITHUB_STEP_SUMMARY, gateMarkdown(results, errored, markdown));
  } catch (err) {
    // the summary is a courtesy: failing to write it must not change the gate's exit code
    process.stderr.write(
      `::warning::janus: could not write the job summary (${(err as NodeJS.ErrnoException).code})\n`,
    );
  }
}

/** GitHub places an annotation by the file's path in the repository (the workspace), not as given. */
const repoPath = (file: string, env: Record<string, string | undefined>) =>
  path
    .relative(env.GITHUB_WORKSPACE ?? process.cwd(), path.resolve(file))
    .split(path.sep)
    .join('/');
