import { GraphQLError } from 'graphql';

/** DataHub's resolver error codes (DataHubGraphQLErrorCode): the HTTP-like number and its name. */
export const ERROR_CODES = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  SERVER_ERROR: 500,
} as const;
export type ErrorType = keyof typeof ERROR_CODES;

/**
 * A resolver failure as DataHub reports it: the request still answers HTTP 200, and the error in
 * `errors[]` carries `extensions: {code, type, classification}`.
 */
export class SimError extends GraphQLError {
  constructor(type: ErrorType, message: string) {
    super(message, { extensions: { code: ERROR_CODES[type], type, classification: 'DataFetchingException' } });
  }
}

export const badRequest = (message: string) => new SimError('BAD_REQUEST', message);
export const notFound = (message: string) => new SimError('NOT_FOUND', message);
