import { GraphQLError } from 'graphql';

/** A source location as graphql-java reports it: 1-based line and column. */
export interface EngineLocation {
  line: number;
  column: number;
}

/**
 * An error graphql-java raises itself, before any DataHub resolver runs (a cancelled parse, an aborted execution).
 * It is serialised as graphql-java's `GraphqlErrorHelper.toSpecification` writes it: `message`, `locations` when the
 * error has a list (an `InvalidSyntaxError` always has one, maybe empty; an `AbortExecutionException` has none), and
 * the error's `ErrorType` as `extensions.classification`. No `code`: DataHub adds that to resolver errors only.
 */
export class EngineError extends GraphQLError {
  constructor(
    message: string,
    readonly classification: 'InvalidSyntax' | 'ExecutionAborted',
    readonly engineLocations?: readonly EngineLocation[],
  ) {
    super(message, { extensions: { classification } });
  }

  override toJSON() {
    return {
      message: this.message,
      ...(this.engineLocations ? { locations: this.engineLocations } : {}),
      extensions: { classification: this.classification },
    };
  }
}

/** A request graphql-java refused before running it (its parse cancelled, its execution aborted): nothing ran. */
export const refusedByEngine = (result: { errors?: readonly GraphQLError[] }): boolean =>
  result.errors?.some((e) => e instanceof EngineError) ?? false;
