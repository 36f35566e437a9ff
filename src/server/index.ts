/** Janus's HTTP server: the Model Impact Report, health and metrics. `janus serve` listens; tests use the factory. */
export { createJanusServer, type JanusServer, type JanusServerDeps, type Mount } from './http-server.js';
export { listen, type Listening } from './listen.js';
