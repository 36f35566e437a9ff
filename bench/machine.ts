import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { ROOT } from './paths.js';

export function machine() {
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown',
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    loadAtStart: os.loadavg().map((l) => Math.round(l * 100) / 100),
  };
}

const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();

/** The commit measured, and whether the working tree differs from it (bench/out is ignored). */
export function commit(): { commit: string; dirty: boolean } {
  try {
    return {
      commit: git('rev-parse', '--short', 'HEAD'),
      dirty: git('status', '--porcelain', '--untracked-files=no') !== '',
    };
  } catch {
    return { commit: 'unknown', dirty: false };
  }
}
