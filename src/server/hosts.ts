// The names the server answers to, and the pages that may open its live socket. A site the GM
// visits can point a name of its own at 127.0.0.1 once its page has loaded (DNS rebinding); the
// browser then treats the server as that site and lets its page read every answer. Such a page
// still names its own site in the Host header, so only requests naming this server by one of its
// own names are answered. Browsers let any page open a WebSocket anywhere, saying only where the
// page came from (Origin): the live socket takes only pages of this server.
import { networkInterfaces } from 'node:os';

/** What every server answers to: the loopback names, whatever network the computer is on. */
const LOOPBACK: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/** A Host header as browsers write it: a name or address (IPv6 in brackets), maybe a port. */
const HOST = /^(\[[0-9a-f:.]+\]|[a-z0-9._-]+)(?::(\d{1,5}))?$/i;

/**
 * The name as Host headers and origins write it (lower case, an IPv6 address in brackets and
 * shortened), or null for what is not a bare name or address (a scheme, a port, a path).
 */
export function hostName(text: string): string | null {
  const bare = /^[0-9a-f]*:[0-9a-f:.]*$/i.test(text) ? `[${text}]` : text;
  const m = HOST.exec(bare);
  if (!m || m[2] !== undefined) return null;
  try {
    return new URL(`http://${bare}`).hostname;
  } catch {
    return null;
  }
}

/** A Host header's name and port (`host`: both as an origin writes them), or null for one that is none. */
function readHost(header: string): { name: string; host: string } | null {
  if (!HOST.test(header)) return null;
  try {
    const u = new URL(`http://${header}`);
    return { name: u.hostname, host: u.host };
  } catch {
    return null;
  }
}

/** This computer's own addresses, each as a Host header names it: with 0.0.0.0 the server listens on all. */
function ownAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .flatMap((a) => (a === undefined ? [] : [hostName(a.address.replace(/%.*$/, ''))]))
    .filter((a): a is string => a !== null);
}

/** How long the addresses read are trusted before a name not among them reads them again. */
const REREAD_MS = 1_000;

export class Hosts {
  private readonly given: ReadonlySet<string>;
  private own = new Set<string>();
  private readAt = -Infinity;

  /** `given`: names the server answers to besides its own (the host it listens on, --allow-host's). */
  constructor(given: readonly string[] = []) {
    this.given = new Set(given.map((g) => hostName(g)).filter((g): g is string => g !== null));
  }

  /** Whether a name is one of this server's (an address gained since, a laptop joining Wi-Fi, is read again). */
  private ours(name: string): boolean {
    if (LOOPBACK.includes(name) || this.given.has(name) || this.own.has(name)) return true;
    if (Date.now() - this.readAt < REREAD_MS) return false;
    this.readAt = Date.now();
    this.own = new Set(ownAddresses());
    return this.own.has(name);
  }

  /**
   * Whether a request naming `header` as its Host is answered. A request with none is: browsers
   * always send one, and a client that does not was not sent by a page.
   */
  answers(header: string | undefined): boolean {
    if (header === undefined) return true;
    const h = readHost(header);
    return h !== null && this.ours(h.name);
  }

  /** What a request to a name not ours is told: which names are, and how to add one. */
  refusal(header: string | undefined): string {
    const name = header === undefined ? '' : (readHost(header)?.name ?? header.slice(0, 100));
    return (
      `fray serve does not answer to the name '${name}': it answers to localhost, 127.0.0.1, [::1], ` +
      `this computer's own addresses and the names it was started with. To reach it by this name, ` +
      `start it with fray serve --allow-host ${hostName(name) ?? 'NAME'}.\n`
    );
  }

  /**
   * Whether the live socket opened to `host` takes a page from `origin`: one of this server's own
   * (the very host and port the socket was opened to, a name the server answers to, over http or
   * https). A socket with no Origin was not opened by a page (browsers always send one), and is taken.
   */
  takesSocketFrom(origin: string | undefined, host: string | undefined): boolean {
    if (origin === undefined) return true;
    let page: URL;
    try {
      page = new URL(origin);
    } catch {
      return false;
    }
    if (page.protocol !== 'http:' && page.protocol !== 'https:') return false;
    const to = host === undefined ? null : readHost(host);
    return to !== null && page.host === to.host && this.ours(page.hostname);
  }
}
