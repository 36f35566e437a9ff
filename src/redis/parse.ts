/** How a store reads back what it wrote: the stored JSON parsed with its schema, undefined when it does not fit. */
export type ParseStored<T> = (raw: string | null | undefined) => T | undefined;

/** `<prefix>:alerts:<name>`: where every store of the Slack alerts keeps its keys. */
export const alertsKey =
  (prefix: string) =>
  (name: string): string =>
    `${prefix}:alerts:${name}`;
