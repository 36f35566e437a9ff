// How the generated pages write numbers (test/docs/docs-gen.test.ts reads them back).

/** An integer with thousands separators: 30,532,600. */
export const int = (n) => Math.round(n).toLocaleString('en-US');

/** A duration: `680 ms` below a second, else seconds to one decimal (`26.1 s`). */
export const duration = (ms) => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`);

/** Megabytes, whole. */
export const mb = (n) => `${int(n)} MB`;

/** How many times larger: `744,698×`, or to two decimals below 10 (`0.93×`). */
export const times = (a, b) => {
  const r = a / b;
  return r < 10 ? `${r.toFixed(2)}×` : `${int(r)}×`;
};
