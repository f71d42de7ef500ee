// `fray serve`: the campaign store and the GM's page on a local web server.
import { resolve } from 'node:path';
import { buildApp } from '../server/app.js';
import { hostName } from '../server/hosts.js';
import { DatabaseMissing, Store } from '../server/store.js';
import { lanAddresses } from '../server/table.js';
import { UsageError } from './errors.js';
import type { Io } from './io.js';

export interface ServeOpts {
  readonly campaign?: string;
  readonly port?: number;
  readonly host?: string;
  /** Names the server answers to besides localhost and this computer's addresses. */
  readonly allowHost?: readonly string[];
  /** Make a new GM's token: pages signed in with the old one must open the new address. */
  readonly newToken?: boolean;
}

export async function serve(io: Io, o: ServeOpts): Promise<void> {
  const allowed = (o.allowHost ?? []).map((name) => {
    const h = hostName(name);
    if (h === null)
      throw new UsageError(
        `--allow-host: expected a name or address as devices reach the server by (fray.lan, 192.168.1.20), without scheme or port; got '${name}'`,
      );
    return h;
  });
  const path = resolve(o.campaign ?? 'fray-campaign.db');
  let store: Store;
  try {
    store = new Store(path);
  } catch (e) {
    if (e instanceof DatabaseMissing) throw new UsageError(`serve: ${e.message}`);
    throw new UsageError(`serve: cannot open the campaign ${path}: ${(e as Error).message}`);
  }
  const token = store.gmToken(o.newToken === true);
  const host = o.host ?? '127.0.0.1';
  const app = await buildApp(store, { hosts: [host, ...allowed] });
  let address: string;
  try {
    address = await app.listen({ port: o.port ?? 4400, host });
  } catch (e) {
    store.close();
    throw new UsageError(`serve: cannot listen on ${host}:${o.port ?? 4400}: ${(e as Error).message}`);
  }
  const local = address.replace('0.0.0.0', '127.0.0.1');
  io.out.write(
    `Fray serves the campaign ${path}\n` +
      `Open ${local}/?token=${token} in a browser: the GM's screen.\n` +
      `The GM's token is ${token}; it is kept in the campaign (fray serve --new-token makes another).\n`,
  );
  if (host !== '127.0.0.1' && host !== 'localhost') {
    const port = new URL(local).port;
    const lan = lanAddresses().map((a) => `http://${a}:${port}`);
    io.out.write(
      `Listening on ${host}: other devices on the network can reach it${lan.length ? ` at ${lan.join(', ')}` : ''}.\n` +
        `Players join from the link (and QR code) of a fight opened to the table on the GM's screen.\n`,
    );
  }
  const stop = () => {
    void app.close().finally(() => {
      store.close();
      process.exit(0);
    });
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
