/**
 * How far long work has come, as plain data: the use cases report it, only the CLI draws it (src/cli/progress).
 * `read`: the catalog read (entities read of those known so far, and the pages of the model scroll); `judge`: models
 * judged; `plan`: the write-back's planning (entities whose write-back state is read, of those it reads); `write`:
 * write-back steps settled, and how many of them failed.
 */
export type ProgressPhase = 'read' | 'judge' | 'plan' | 'write';

export interface Progress {
  phase: ProgressPhase;
  done: number;
  /** Units in all, when known; the catalog read learns it level by level, so it grows. */
  total?: number;
  failures?: number;
  /** The catalog read's pages of the model scroll: read, and in all once the first page told. */
  pages?: { done: number; total?: number };
  /** Judging models one at a time (the gate, a scan of named models): the read of the one being judged. */
  reading?: ModelRead & { model: string };
}

export type OnProgress = (p: Progress) => void;

/**
 * How far one model's read has come: its upstream (`entities` read of those its lineage scroll has found so far, so
 * `total` grows), then the models below the datasets it found offending (`datasets` whose blast radius is read).
 */
export interface ModelRead {
  what: 'upstream' | 'below';
  done: number;
  total: number;
}

export type OnModelRead = (r: ModelRead) => void;

/**
 * The judge phase when models are judged one at a time (the gate, a scan of named models): models judged, and while
 * one is read, its read on the same line.
 */
export function judgingOneByOne(onProgress: OnProgress, total: number) {
  return {
    judged: (done: number) => onProgress({ phase: 'judge', done, total }),
    reading:
      (done: number, model: string): OnModelRead =>
      (read) =>
        onProgress({ phase: 'judge', done, total, reading: { model, ...read } }),
  };
}
