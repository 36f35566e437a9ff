import { runCycle, type CycleDeps } from '../app/cycle/run-cycle.js';
import { cycleData } from '../queues/payloads.js';
import { processor } from './processor.js';

/** The `cycle` job (scheduled every `cycle.interval`, or asked for by `/janus scan`): one cycle, named by the job. */
export const cycleProcessor = (deps: CycleDeps, run = runCycle) =>
  processor('cycle', cycleData, (data, job) => run({ id: String(job.id), full: data.full, models: data.models }, deps));
