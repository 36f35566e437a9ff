import { UnrecoverableError } from 'bullmq';
import { describe, expect, it } from 'vitest';
import { JOB, QUEUES } from '../../../src/jobs/names.js';
import { dispatch } from '../../../src/jobs/processor.js';
import { onQueue, processorTable, type ProcessorDeps } from '../../../src/jobs/processors.js';
import { fakeJob, recordingLogger } from './fakes.js';

/** Ports no test here reaches: every job below fails on its payload or its name before any use case runs. */
const unused = {} as never;
const withoutAlerts: ProcessorDeps = { cycle: unused, write: unused, sink: recordingLogger().logger };
const withAlerts: ProcessorDeps = {
  cycle: unused,
  write: unused,
  alerts: { stage: unused, timers: unused, orphans: unused, delivery: unused },
};

describe('the processor table', () => {
  it('has one entry a job name: every name with Slack alerts on; without them, none of Slack’s', () => {
    expect(Object.keys(processorTable(withAlerts)).sort()).toEqual(Object.values(JOB).sort());
    expect(Object.keys(processorTable(withoutAlerts)).sort()).toEqual(['commit', 'cycle', 'transition', 'write']);
    expect(Object.keys(processorTable({ cycle: unused, write: unused }))).not.toContain('transition');
  });

  it('fails a job whose name has no entry for good, naming it', async () => {
    const run = dispatch(processorTable(withoutAlerts));
    const job = fakeJob('deliver', {});
    await expect(run(job)).rejects.toThrow(UnrecoverableError);
    await expect(run(job)).rejects.toThrow('no processor for job "deliver"');
    await expect(run(fakeJob('scan', {}))).rejects.toThrow('no processor for job "scan"');
  });

  it("gives each queue's worker only the entries of the jobs riding it", async () => {
    const table = processorTable(withAlerts);
    expect(Object.keys(onQueue(table, QUEUES.cycle))).toEqual(['cycle', 'commit']);
    expect(Object.keys(onQueue(table, QUEUES.writeback))).toEqual(['write']);
    expect(Object.keys(onQueue(table, QUEUES.notifications))).toEqual(['transition']);
    expect(Object.keys(onQueue(table, QUEUES.slack)).sort()).toEqual(['alert-timers', 'deliver', 'orphans']);
    await expect(dispatch(onQueue(table, QUEUES.cycle))(fakeJob('deliver', {}))).rejects.toThrow(
      'no processor for job "deliver" (known: cycle, commit)',
    );
  });

  it.each(Object.values(JOB).filter((name) => name !== JOB.alertTimers))(
    'fails a malformed %s payload for good, before its processor',
    async (name) => {
      const run = dispatch(processorTable(withAlerts));
      await expect(run(fakeJob(name, { cycle: 42, models: 'all', writes: 'none', id: [] }))).rejects.toThrow(
        UnrecoverableError,
      );
      await expect(run(fakeJob(name, 'not even an object'))).rejects.toThrow(/^bad [a-z ]+ payload: /);
    },
  );
});
