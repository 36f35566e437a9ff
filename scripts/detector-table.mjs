// Writes README.md's table of detectors from the registry (src/core/detectors/registry.ts). Run after `npm run build`.
import { readFileSync, writeFileSync } from 'node:fs';
import { detectorTable, TABLE_END, TABLE_START } from '../dist/src/core/detectors/table.js';

const path = new URL('../README.md', import.meta.url);
const readme = readFileSync(path, 'utf8');
const start = readme.indexOf(TABLE_START);
const end = readme.indexOf(TABLE_END);
if (start === -1 || end < start) throw new Error(`README.md has no ${TABLE_START} … ${TABLE_END} section`);
writeFileSync(path, `${readme.slice(0, start + TABLE_START.length)}\n${detectorTable()}\n${readme.slice(end)}`);
