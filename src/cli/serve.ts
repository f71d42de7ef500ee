// `fray serve`: the campaign store and the GM's page on a local web server.
import { resolve } from 'node:path';
import { buildApp } from '../server/app.js';
import { Store } from '../server/store.js';
import { UsageError } from './errors.js';
import type { Io } from './io.js';

export interface ServeOpts {
  readonly campaign?: string;
  readonly port?: number;
  readonly host?: string;
}

export async function serve(io: Io, o: ServeOpts): Promise<void> {
  const path = resolve(o.campaign ?? 'fray-campaign.db');
  let store: Store;
  try {
    store = new Store(path);
  } catch (e) {
    throw new UsageError(`serve: cannot open the campaign ${path}: ${(e as Error).message}`);
  }
  const app = await buildApp(store);
  const host = o.host ?? '127.0.0.1';
  let address: string;
  try {
    address = await app.listen({ port: o.port ?? 4400, host });
  } catch (e) {
    store.close();
    throw new UsageError(`serve: cannot listen on ${host}:${o.port ?? 4400}: ${(e as Error).message}`);
  }
  io.out.write(
    `Fray serves the campaign ${path}\nOpen ${address.replace('0.0.0.0', '127.0.0.1')} in a browser.\n`,
  );
  if (host !== '127.0.0.1' && host !== 'localhost')
    io.out.write(`Listening on ${host}: other machines on the network can reach it.\n`);
  const stop = () => {
    void app.close().finally(() => {
      store.close();
      process.exit(0);
    });
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
