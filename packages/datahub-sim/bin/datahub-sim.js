#!/usr/bin/env node
// The datahub-sim command: the built bin (npm run build). A file of its own, so npm links the command at install,
// before anything is built.
import '../dist/cli/bin.js';
