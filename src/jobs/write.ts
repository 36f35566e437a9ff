import { landWrites, type LandWritesDeps } from '../app/cycle/land-writes.js';
import type { PlannedWrite } from '../core/writeback/plan.js';
import { writeData } from '../queues/payloads.js';
import { processor } from './processor.js';

/** The `write` job: one slice of a cycle's write-back; the writes that did not land stay in the job for its retry. */
export const writeProcessor = (deps: Omit<LandWritesDeps, 'keepLeft'>, land = landWrites) =>
  processor('write', writeData, (data, job) =>
    land(data.writes as PlannedWrite[], {
      ...deps,
      keepLeft: (left) => job.updateData({ ...data, writes: left }),
    }),
  );
