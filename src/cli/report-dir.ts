import fs from 'node:fs';
import path from 'node:path';
import type { UpstreamGraph } from '../core/graph.js';
import { clipEcho } from '../core/echo.js';
import { UsageError } from '../errors.js';
import { FileProblem, writeRegularFile } from '../runtime/regular-file.js';
import { ModelListBits } from '../core/other-models.js';
import type { Verdict } from '../core/verdict.js';
import { modelReportHtml, reportFileName } from '../html-report/index.js';

/** `--report-dir` naming something that is not a folder (a file, a FIFO) is refused before DataHub is read. */
export function checkReportDir(dir: string): void {
  let stats: fs.Stats;
  try {
    stats = fs.statSync(dir);
  } catch {
    return; // made when the first report is written
  }
  if (!stats.isDirectory()) throw new UsageError(`--report-dir ${clipEcho(dir)}: not a folder`);
}

/** `--report-dir`: each verdict's Model Impact Report as `<model>.html`, linking its siblings by file name. */
export function writeReports(
  dir: string,
  judged: { verdict: Verdict; graph?: UpstreamGraph }[],
  datahubUiUrl?: string,
  /** `judge.asOf`: the instant the rules judged at, when not the verdict's scan time. */
  judgedAt?: number,
): string[] {
  try {
    fs.mkdirSync(dir, { recursive: true });
  } catch (e) {
    throw new UsageError(
      `--report-dir ${clipEcho(dir)}: cannot be made a folder (${(e as NodeJS.ErrnoException).code})`,
    );
  }
  const modelLists = new ModelListBits();
  return judged.map(({ verdict, graph }) => {
    const file = path.join(dir, reportFileName(verdict));
    const html = modelReportHtml(verdict, {
      ...(graph ? { graph } : {}),
      ...(datahubUiUrl ? { datahubUiUrl } : {}),
      reportHref: (m) => reportFileName({ model: m }),
      modelLists,
      ...(judgedAt !== undefined ? { judgedAt } : {}),
    });
    try {
      writeRegularFile(file, html);
    } catch (e) {
      if (e instanceof FileProblem) throw new UsageError(`--report-dir: ${clipEcho(file)} ${e.message}`);
      throw e;
    }
    return file;
  });
}
