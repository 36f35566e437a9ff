import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

export type CycleOutcome = 'done' | 'skipped_running' | 'skipped_writing' | 'failed';

/** The service's metrics, on the process's registry (served at /metrics by `janus serve`). */
export function createServiceMetrics(registry: Registry) {
  const registers = [registry];
  const cycles = new Counter({
    name: 'janus_cycles_total',
    help: 'Catalog cycles, by outcome (a skipped cycle found the last one still running or writing)',
    labelNames: ['outcome'] as const,
    registers,
  });
  const duration = new Histogram({
    name: 'janus_cycle_duration_seconds',
    help: 'Time from a cycle starting to its judgment planned (its writes fan out after)',
    labelNames: ['kind'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
    registers,
  });
  const judged = new Histogram({
    name: 'janus_models_judged_per_cycle',
    help: 'Models judged again in a cycle',
    buckets: [0, 1, 10, 50, 100, 500, 1000, 5000, 10000],
    registers,
  });
  const transitions = new Counter({
    name: 'janus_transitions_total',
    help: 'Transitions emitted to the notifications queue, by kind',
    labelNames: ['kind'] as const,
    registers,
  });
  const failures = new Counter({
    name: 'janus_job_failures_total',
    help: 'Failed job attempts, by queue',
    labelNames: ['queue'] as const,
    registers,
  });
  const writes = new Counter({
    name: 'janus_writes_total',
    help: 'Write-back writes applied by this process, by outcome',
    labelNames: ['outcome'] as const,
    registers,
  });
  return {
    cycle: (outcome: CycleOutcome) => cycles.inc({ outcome }),
    cycleDuration: (full: boolean, seconds: number) =>
      duration.observe({ kind: full ? 'full' : 'incremental' }, seconds),
    judged: (n: number) => judged.observe(n),
    transition: (kind: string) => transitions.inc({ kind }),
    jobFailed: (queue: string) => failures.inc({ queue }),
    wrote: (outcome: string, n = 1) => writes.inc({ outcome }, n),
    /** Queue depths, read from Redis when /metrics is scraped. */
    queueDepths(read: () => Promise<Record<string, Record<string, number>>>) {
      new Gauge({
        name: 'janus_queue_jobs',
        help: 'Jobs in each queue, by state',
        labelNames: ['queue', 'state'] as const,
        registers,
        async collect() {
          const depths = await read().catch(() => ({}) as Record<string, Record<string, number>>);
          for (const [queue, counts] of Object.entries(depths))
            for (const [state, n] of Object.entries(counts)) this.set({ queue, state }, n);
        },
      });
    },
  };
}
export type ServiceMetrics = ReturnType<typeof createServiceMetrics>;
