import { spawn } from 'node:child_process';
import { StringDecoder } from 'node:string_decoder';
import type { Cast, CastEvent } from './asciicast.js';

/**
 * Records commands as a person at a terminal sees them, into an asciicast v2 with the real timings: each command runs
 * under a pseudo-terminal (util-linux `script`, as the CLI's own TTY tests do) of the cast's size, so what the CLI
 * prints only on a terminal shows too. The prompt lines are the recorder's; everything after them is the command's.
 */

export interface Step {
  /** What the prompt shows (`janus demo`). */
  shown: string;
  /** What runs: the program and its arguments. */
  argv: string[];
}

export interface Session {
  title: string;
  cols: number;
  rows: number;
  env: Record<string, string>;
  cwd?: string;
  /** Lines printed before the first prompt, as a terminal would show them (e.g. `# what this is`). */
  preamble?: string[];
  steps: Step[];
  /** Ends with `$ echo $?` and the last step's exit code. */
  showExit?: boolean;
}

export interface Recording {
  cast: Cast;
  exitCodes: number[];
}

const quote = (arg: string) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`);

export async function recordSession(session: Session): Promise<Recording> {
  const started = performance.now();
  const events: CastEvent[] = [];
  const print = (data: string) => {
    if (data) events.push([Number(((performance.now() - started) / 1000).toFixed(6)), 'o', data]);
  };
  const exitCodes: number[] = [];
  for (const line of session.preamble ?? []) print(`${line}\r\n`);
  for (const step of session.steps) {
    print(`$ ${step.shown}\r\n`);
    exitCodes.push(await underTerminal(step.argv, session, print));
  }
  if (session.showExit) print(`$ echo $?\r\n${exitCodes.at(-1)}\r\n`);
  return {
    cast: {
      header: {
        version: 2,
        width: session.cols,
        height: session.rows,
        timestamp: Math.floor(Date.now() / 1000),
        title: session.title,
        env: { SHELL: '/bin/bash', TERM: session.env.TERM ?? 'xterm-256color' },
      },
      events,
    },
    exitCodes,
  };
}

/** Runs argv under `script`'s pseudo-terminal, printing its output as it comes; resolves to its exit code. */
function underTerminal(argv: string[], session: Session, print: (data: string) => void): Promise<number> {
  const command = `stty cols ${session.cols} rows ${session.rows}; exec ${argv.map(quote).join(' ')}`;
  return new Promise((resolve, reject) => {
    // -q no banner, -f flush as it comes, -e the command's exit code; the typescript file is /dev/null
    const child = spawn('script', ['-qfec', command, '/dev/null'], {
      env: { TERM: 'xterm-256color', ...session.env },
      cwd: session.cwd,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const decoder = new StringDecoder('utf8');
    let problems = '';
    child.stdout.on('data', (chunk: Buffer) => print(decoder.write(chunk)));
    child.stderr.on('data', (chunk: Buffer) => (problems += chunk.toString()));
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'ENOENT'
          ? new Error(
              "util-linux's `script` is missing: it gives the recorded commands a terminal (apt-get install -y bsdutils)",
            )
          : err,
      ),
    );
    child.on('close', (code, signal) => {
      print(decoder.end());
      if (code === null) return reject(new Error(`${argv.join(' ')} ended by ${signal}: ${problems.trim()}`));
      if (problems.trim()) return reject(new Error(`script: ${problems.trim()}`));
      resolve(code);
    });
  });
}
