import { JanusError } from '../errors.js';

/** DataHub could not be read or written: the other side failed, not the user. The CLI exits 3 on these. */
export class DataHubError extends JanusError {
  constructor(
    message: string,
    code:
      | 'datahub.unreachable'
      | 'datahub.unauthorized'
      | 'datahub.graphql'
      | 'datahub.malformed'
      /** A DataHub release older than Janus supports. */
      | 'datahub.unsupported'
      /** A list DataHub cannot give whole (past its search window). */
      | 'datahub.incomplete',
    /** The operation that failed. */
    readonly operation: string,
    /** DataHub's resolver error code (400, 403, 404, 409, 500), for GraphQL errors. */
    readonly status?: number,
  ) {
    super(message, code);
  }
}

export const unreachable = (operation: string, detail: string) =>
  new DataHubError(`DataHub is unreachable (${operation}): ${detail}`, 'datahub.unreachable', operation);
export const unauthorized = (operation: string) =>
  new DataHubError(
    `DataHub refused the token (${operation}): check DATAHUB_GMS_TOKEN`,
    'datahub.unauthorized',
    operation,
    401,
  );
export const graphqlError = (operation: string, message: string, status?: number) =>
  new DataHubError(
    `DataHub answered ${operation} with an error${status ? ` (${status})` : ''}: ${message}`,
    'datahub.graphql',
    operation,
    status,
  );
export const malformed = (operation: string, detail: string) =>
  new DataHubError(
    `DataHub sent a response Janus cannot read (${operation}): ${detail}`,
    'datahub.malformed',
    operation,
  );
/** A list DataHub cannot give whole (past its search index's 10,000-result window): judging it would be judging part. */
export const incompleteRead = (operation: string, detail: string) =>
  new DataHubError(`DataHub cannot give a whole list (${operation}): ${detail}`, 'datahub.incomplete', operation);

/**
 * A request given up because the work it belonged to ran out of time (a service cycle's deadline): not DataHub's
 * answer, so never retried and never taken for a read that ran out of time on its own (which is split, then judged
 * unread). The work that set the deadline carries what it did not read to its next run.
 */
export class DeadlinePassedError extends DataHubError {
  constructor(operation: string) {
    super(
      `DataHub did not answer ${operation} before the deadline of the work asking it`,
      'datahub.unreachable',
      operation,
    );
  }
}

export const deadlinePassed = (err: unknown): err is DeadlinePassedError => err instanceof DeadlinePassedError;
