import fs from 'node:fs';
import path from 'node:path';
import type { UpstreamGraph } from '../core/graph.js';
import { ModelListBits } from '../core/other-models.js';
import type { Verdict } from '../core/verdict.js';
import { modelReportHtml, reportFileName } from '../html-report/index.js';

/** `--report-dir`: each verdict's Model Impact Report as `<model>.html`, linking its siblings by file name. */
export function writeReports(
  dir: string,
  judged: { verdict: Verdict; graph?: UpstreamGraph }[],
  datahubUiUrl?: string,
): string[] {
  fs.mkdirSync(dir, { recursive: true });
  const modelLists = new ModelListBits();
  return judged.map(({ verdict, graph }) => {
    const file = path.join(dir, reportFileName(verdict));
    const html = modelReportHtml(verdict, {
      ...(graph ? { graph } : {}),
      ...(datahubUiUrl ? { datahubUiUrl } : {}),
      reportHref: (m) => reportFileName({ model: m }),
      modelLists,
    });
    fs.writeFileSync(file, html);
    return file;
  });
}
