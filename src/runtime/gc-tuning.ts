import v8 from 'node:v8';

/**
 * Turns off V8's allocation-site pretenuring for this process, before it allocates much.
 *
 * V8 moves an allocation site's objects straight to the old generation once it sees nearly all of them survive a
 * young collection, and rarely changes its mind. Janus builds a catalog's facts once (everything survives) and then
 * judges thousands of models whose findings die with each verdict; a few young collections during that first build
 * taught V8 to put per-model findings in the old generation, where they wait for full collections, and V8 let the heap
 * grow to four times what was live. On the 5,000-model benchmark catalog, judging 1,500 models: peak RSS 1,180 MB
 * with pretenuring, 558 MB without, at the same speed (bench/notes.md). The flag is read at each collection, so setting
 * it at startup takes effect; `node --no-allocation-site-pretenuring` does the same from the command line.
 */
export function tuneGarbageCollection(): void {
  v8.setFlagsFromString('--no-allocation-site-pretenuring');
}
