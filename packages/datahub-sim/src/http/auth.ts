import type { IncomingMessage } from 'node:http';

/** DataHub's token authenticator accepts `Bearer` or `bearer`. */
export function authorized(req: IncomingMessage, token: string): boolean {
  const header = req.headers.authorization ?? '';
  const match = /^[Bb]earer (.*)$/.exec(header);
  return match?.[1] === token;
}
