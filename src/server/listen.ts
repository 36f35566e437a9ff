import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Listening {
  /** Where this machine reaches the server (`localhost` when listening on every address). */
  url: string;
  port: number;
  /** Stops accepting connections, lets requests in flight finish, and drops idle keep-alive connections. */
  close(): Promise<void>;
}

export function listen(server: Server, port: number, host: string): Promise<Listening> {
  return new Promise((resolve, reject) => {
    const failed = (err: Error) =>
      reject(new Error(`cannot listen on ${host}:${port}: ${err.message}`, { cause: err }));
    server.once('error', failed);
    server.listen(port, host, () => {
      server.off('error', failed);
      const actual = (server.address() as AddressInfo).port;
      const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
      resolve({
        url: `http://${shown}:${actual}`,
        port: actual,
        close: () =>
          new Promise<void>((done, fail) => {
            server.close((err) => (err ? fail(err) : done()));
            server.closeIdleConnections();
          }),
      });
    });
  });
}
