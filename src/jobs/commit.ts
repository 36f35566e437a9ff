import { commitCycle, type CommitDeps } from '../app/cycle/commit-cycle.js';
import { commitData } from '../queues/payloads.js';
import { processor } from './processor.js';

/** The `commit` job: runs once every write of its cycle landed (BullMQ runs a flow's parent after its children). */
export const commitProcessor = (deps: CommitDeps, commit = commitCycle) =>
  processor('commit', commitData, (data, job) => commit(data, deps, String(job.id)));
