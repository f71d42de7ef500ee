// Opening the server to the local network while it runs: the GM's button "open to the table"
// listens on this computer's network addresses too, on the same port, beside 127.0.0.1 (binding
// each address, not 0.0.0.0, so the loopback socket already taken does not clash). Requests and
// sockets on them go to the same app.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { lanAddresses } from './table.js';

export class Network {
  private readonly servers: Server[] = [];

  constructor(private readonly app: FastifyInstance) {}

  /** The port the app listens on, once it does. */
  port(): number | null {
    const a = this.app.server.address() as AddressInfo | string | null;
    return a && typeof a === 'object' ? a.port : null;
  }

  /** Whether other devices reach the server: it listens on every address, or on the network's too. */
  open(): boolean {
    const a = this.app.server.address() as AddressInfo | string | null;
    const everywhere = !!a && typeof a === 'object' && (a.address === '0.0.0.0' || a.address === '::');
    return everywhere || this.servers.length > 0;
  }

  /** Listens on each network address as well (refused when the app does not listen yet, or there is none). */
  async expose(): Promise<void> {
    if (this.open()) return;
    const port = this.port();
    if (port === null) throw new Error('the server does not listen yet');
    const hosts = lanAddresses();
    if (hosts.length === 0) throw new Error('this computer has no network address other devices could reach');
    for (const host of hosts) {
      const server = createServer((req, res) => this.app.routing(req, res));
      server.on('upgrade', (req, socket, head) => this.app.server.emit('upgrade', req, socket, head));
      await new Promise<void>((done, fail) => {
        server.once('error', fail);
        server.listen(port, host, () => done());
      });
      this.servers.push(server);
    }
  }

  /** Back to this computer only. */
  async close(): Promise<void> {
    const all = this.servers.splice(0);
    await Promise.all(
      all.map(
        (s) =>
          new Promise<void>((done) => {
            s.closeAllConnections();
            s.close(() => done());
          }),
      ),
    );
  }
}
