/**
 * How far long work has come, as plain data: the use cases report it, only the CLI draws it (src/cli/progress).
 * `read`: the catalog read (entities read of those known so far, and the pages of the model scroll); `judge`: models
 * judged; `write`: write-back steps settled, and how many of them failed.
 */
export type ProgressPhase = 'read' | 'judge' | 'write';

export interface Progress {
  phase: ProgressPhase;
  done: number;
  /** Units in all, when known; the catalog read learns it level by level, so it grows. */
  total?: number;
  failures?: number;
  /** The catalog read's pages of the model scroll: read, and in all once the first page told. */
  pages?: { done: number; total?: number };
}

export type OnProgress = (p: Progress) => void;
