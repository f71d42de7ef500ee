// The live socket (`/api/live`): every page keeps one open to hear what changed. A socket says
// whose it is in its first message (`{ type: 'hello', token }`) and hears nothing before that; a
// wrong token gets an error frame and the socket is closed (4401).
import { timingSafeEqual } from 'node:crypto';

/** What the server needs of a socket: @fastify/websocket's (the `ws` library's) socket. */
export interface Socket {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  on(event: 'message', listener: (data: Buffer) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
}

/** Compares a token given with the one kept, in time that does not depend on where they differ. */
export function isToken(given: string, kept: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(kept);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A socket's first message: `{ type: 'hello', token }`; null for anything else. */
function readHello(data: Buffer): { token: string } | null {
  try {
    const m = JSON.parse(data.toString()) as { type?: unknown; token?: unknown };
    return m.type === 'hello' && typeof m.token === 'string' ? { token: m.token } : null;
  } catch {
    return null;
  }
}

export class Live {
  private readonly gms = new Set<Socket>();

  constructor(private readonly gmToken: string) {}

  /** A new socket: it is heard from once it has said whose it is. */
  open(socket: Socket): void {
    let known = false;
    socket.on('message', (data) => {
      if (known) return;
      const hello = readHello(data);
      if (hello && isToken(hello.token, this.gmToken)) {
        known = true;
        this.gms.add(socket);
        socket.send(JSON.stringify({ type: 'welcome', role: 'gm' }));
        return;
      }
      socket.send(JSON.stringify({ type: 'error', error: 'expected { "type": "hello", "token": … } first' }));
      socket.close(4401, 'not signed in');
    });
    socket.on('close', () => this.gms.delete(socket));
  }

  /** Tells every GM page a message (a change, a simulation's progress). */
  toGm(msg: Readonly<Record<string, unknown>>): void {
    const text = JSON.stringify(msg);
    for (const s of this.gms) s.send(text);
  }

  /** Something changed: which fight (null: the campaign's lists) and what. */
  changed(fight: number | null, what: string): void {
    this.toGm({ fight, what });
  }
}
