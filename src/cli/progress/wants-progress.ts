/**
 * Whether a command draws live progress: only for a person at a terminal (stderr and stdout both TTYs, a terminal
 * that can move its cursor), never under `--json` or another format a program reads.
 */
export function wantsProgress(
  machineOutput: boolean,
  streams: { stdout: { isTTY?: boolean }; stderr: { isTTY?: boolean } } = process,
  env: Record<string, string | undefined> = process.env,
): boolean {
  return !machineOutput && streams.stdout.isTTY === true && streams.stderr.isTTY === true && env.TERM !== 'dumb';
}
