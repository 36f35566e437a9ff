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
