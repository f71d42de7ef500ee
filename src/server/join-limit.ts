// A join code is 8 letters of 31, about 40 bits: out of reach only while guesses are few, and an
// open server answered hundreds a second. Wrong codes are counted, per address and for the code
// itself (many addresses together); a right one costs nothing. A player who mistypes the code a
// few times still gets in; a sweep of the codes gets a handful of guesses a minute.
//
// While an address (or the code) has no guesses left, every join from it is refused, the right
// code too: answering the right one would tell a guesser which it is.

/** The limits, and the clock (tests shorten them). */
export interface JoinLimits {
  /** Wrong codes an address may send at once… */
  readonly perAddress?: number;
  /** …and how long it waits for each one more. */
  readonly addressRefillMs?: number;
  /** Wrong codes all addresses together may send against one code… */
  readonly perCode?: number;
  /** …and how long they wait for each one more, unless the GM makes a new code. */
  readonly codeRefillMs?: number;
  /** How many addresses are remembered: one that sends a guess from each of its many is not kept without end. */
  readonly addresses?: number;
  readonly now?: () => number;
}

/** A mistyped code or two, a few more, then one every 12 s: about five a minute. */
export const JOIN_FAILURES_PER_ADDRESS = 5;
export const JOIN_ADDRESS_REFILL_MS = 12_000;
/** No table mistypes a hundred times; then one a minute, about 1,500 a day against 31^8 codes. */
export const JOIN_FAILURES_PER_CODE = 100;
export const JOIN_CODE_REFILL_MS = 60_000;
export const JOIN_ADDRESSES = 4096;

/** Guesses left, refilled one at a time as time passes. */
class Bucket {
  private left: number;
  private at: number;

  constructor(
    private readonly size: number,
    private readonly refillMs: number,
    now: number,
  ) {
    this.left = size;
    this.at = now;
  }

  private refill(now: number): void {
    if (now <= this.at) return;
    this.left = Math.min(this.size, this.left + (now - this.at) / this.refillMs);
    this.at = now;
  }

  /** Seconds until one guess is left, 0 when one is. */
  wait(now: number): number {
    this.refill(now);
    return this.left >= 1 ? 0 : Math.ceil(((1 - this.left) * this.refillMs) / 1000);
  }

  take(now: number): void {
    this.refill(now);
    this.left = Math.max(0, this.left - 1);
  }

  /** Refilled to the top: it remembers nothing an address could be held to. */
  full(now: number): boolean {
    this.refill(now);
    return this.left >= this.size;
  }
}

/** A join refused before its code is read: the message, and the seconds to wait (Retry-After). */
export interface Wait {
  readonly error: string;
  readonly retryAfter: number;
}

export class JoinGuard {
  private readonly perAddress: number;
  private readonly addressRefillMs: number;
  private readonly perCode: number;
  private readonly codeRefillMs: number;
  private readonly most: number;
  private readonly now: () => number;
  /** Each address's guesses left, the one heard from last at the end. */
  private readonly byAddress = new Map<string, Bucket>();
  /** The code the table's guesses are counted against: a new one starts afresh. */
  private code: string | null = null;
  private forCode: Bucket;

  constructor(limits: JoinLimits = {}) {
    this.perAddress = limits.perAddress ?? JOIN_FAILURES_PER_ADDRESS;
    this.addressRefillMs = limits.addressRefillMs ?? JOIN_ADDRESS_REFILL_MS;
    this.perCode = limits.perCode ?? JOIN_FAILURES_PER_CODE;
    this.codeRefillMs = limits.codeRefillMs ?? JOIN_CODE_REFILL_MS;
    this.most = limits.addresses ?? JOIN_ADDRESSES;
    this.now = limits.now ?? Date.now;
    this.forCode = new Bucket(this.perCode, this.codeRefillMs, this.now());
  }

  /** How many addresses are remembered. */
  get remembered(): number {
    return this.byAddress.size;
  }

  /** The table's guesses, for the code now in force. */
  private table(code: string): Bucket {
    if (code !== this.code) {
      this.code = code;
      this.forCode = new Bucket(this.perCode, this.codeRefillMs, this.now());
    }
    return this.forCode;
  }

  /** Why a join from `address` is refused before its code is read, or null when it may try. */
  refusal(address: string, code: string): Wait | null {
    const now = this.now();
    const mine = this.byAddress.get(address)?.wait(now) ?? 0;
    if (mine > 0)
      return {
        error: `too many wrong join codes from this device: try again in ${mine} s (check the code on the GM's screen, or scan its QR code)`,
        retryAfter: mine,
      };
    const table = this.table(code).wait(now);
    if (table > 0)
      return {
        error: `too many wrong join codes were tried at this table: ask the GM for a new code (the table's panel on the GM's screen), or try again in ${table} s`,
        retryAfter: table,
      };
    return null;
  }

  /** A wrong code from `address`: one guess fewer for it and for the code. */
  failed(address: string, code: string): void {
    const now = this.now();
    this.table(code).take(now);
    let bucket = this.byAddress.get(address);
    if (bucket) this.byAddress.delete(address);
    else {
      if (this.byAddress.size >= this.most) this.forget(now);
      bucket = new Bucket(this.perAddress, this.addressRefillMs, now);
    }
    bucket.take(now);
    this.byAddress.set(address, bucket);
  }

  /**
   * Room for one more address: those whose guesses are all back go first (they hold nothing),
   * else the one heard from longest ago. One forgotten may guess again, within what the code has left.
   */
  private forget(now: number): void {
    for (const [address, bucket] of this.byAddress) if (bucket.full(now)) this.byAddress.delete(address);
    while (this.byAddress.size >= this.most) {
      const oldest = this.byAddress.keys().next().value;
      if (oldest === undefined) break;
      this.byAddress.delete(oldest);
    }
  }
}
