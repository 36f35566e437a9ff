#!/usr/bin/env node
import { buildProgram } from './cli/program.js';
import { exitFor } from './cli/exit-code.js';
import { redactText } from './log.js';
import { clipLines } from './core/echo.js';
import { tuneGarbageCollection } from './runtime/gc-tuning.js';

tuneGarbageCollection(process.argv[2]);

// The one top-level catch of the CLI process: every command's error becomes an exit code here.
buildProgram()
  .parseAsync(process.argv)
  .catch((err: unknown) => {
    const { code, message } = exitFor(err);
    // a value echoed in an error (a model name, a path) is clipped: a 100 KB argument costs a line, not 100 KB
    if (message) console.error(`janus: ${clipLines(redactText(message))}`);
    process.exitCode = code;
  });
