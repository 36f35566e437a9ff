#!/usr/bin/env node
import { buildProgram } from './cli/program.js';
import { exitFor } from './cli/exit-code.js';
import { redactText } from './log.js';
import { tuneGarbageCollection } from './runtime/gc-tuning.js';

tuneGarbageCollection(process.argv[2]);

// The one top-level catch of the CLI process: every command's error becomes an exit code here.
buildProgram()
  .parseAsync(process.argv)
  .catch((err: unknown) => {
    const { code, message } = exitFor(err);
    if (message) console.error(`janus: ${redactText(message)}`);
    process.exitCode = code;
  });
