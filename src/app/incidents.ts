import type { JudgeDeps } from './judge-model.js';

/** One of Janus's own incidents in DataHub (recognised by the finding key it records). */
export interface JanusIncident {
  urn: string;
  /** The finding key (root cause) the incident stands for. */
  key: string;
  /** The dataset it is raised on. */
  dataset: string;
  title: string;
  state: 'ACTIVE' | 'RESOLVED';
  stage: string | null;
  priority: string | null;
  createdAt: number;
}

/** The Janus incidents that touch a model: raised on datasets in its upstream graph. (Lands with issue 4.) */
export async function janusIncidentsForModel(_deps: JudgeDeps, _ref: string): Promise<JanusIncident[]> {
  throw new Error('janusIncidentsForModel: not implemented yet (write-back issue)');
}
