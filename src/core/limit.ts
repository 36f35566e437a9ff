/** A bound on how much of something one run may take, and the error that says it was passed, with the count. */
export interface Limit {
  max: number;
  exceeded: (count: number) => Error;
}
