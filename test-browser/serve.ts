// What the browser tests share: `fray serve` started on a fresh campaign (or started again on the
// same one and port, as after a crash), the GM's token it prints, the GM's API as the page calls
// it, and Debian's chromium.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';

export const ROOT = join(import.meta.dirname, '..');
export const SHOTS = join(ROOT, 'test-browser', 'shots');
const BIN = join(ROOT, 'dist', 'cli', 'bin.js');
const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find(existsSync);

/**
 * What the pages' Content-Security-Policy refused, in any page of any test: a script, a style,
 * an image or a connection the policy forgot breaks the page without a page error.
 */
export const policyViolations: string[] = [];

/**
 * Debian's chromium, headless; screenshots go to test-browser/shots. Every page it opens reports
 * what the policy refused to `policyViolations` (the listener is the browser's, not the page's:
 * the policy does not apply to it).
 */
export async function launch(): Promise<Browser> {
  if (!CHROMIUM) throw new Error('no chromium: apt-get install -y chromium');
  mkdirSync(SHOTS, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  // browser.newPage opens a context of its own through newContext: both are watched.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await context.exposeBinding('frayPolicyViolation', ({ page }, what: string) =>
      policyViolations.push(`${page.url()}: ${what}`),
    );
    await context.addInitScript(
      "document.addEventListener('securitypolicyviolation', (e) => frayPolicyViolation(" +
        "`${e.effectiveDirective} refused ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`))",
    );
    return context;
  };
  return browser;
}

/** A `fray serve` of a campaign of its own. */
export class Served {
  url = '';
  token = '';
  private child: ChildProcess | null = null;

  private constructor(private readonly db: string) {}

  /** The campaign file (a test may damage a row of it, as a hand or a disk fault would). */
  get campaignFile(): string {
    return this.db;
  }

  /** Starts on a new campaign, on any free port. */
  static async start(name: string): Promise<Served> {
    const s = new Served(join(mkdtempSync(join(tmpdir(), `fray-${name}-`)), 'c.db'));
    await s.listen(0);
    return s;
  }

  private async listen(port: number): Promise<void> {
    const child = spawn(process.execPath, [BIN, 'serve', '--campaign', this.db, '--port', String(port)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    this.child = child;
    const address = await new Promise<URL>((done, fail) => {
      let out = '';
      child.stdout?.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /Open (http:\/\/\S+) /.exec(out);
        if (m) done(new URL(m[1] as string));
      });
      child.on('exit', (code) => fail(new Error(`fray serve exited ${code}: ${out}`)));
    });
    this.url = address.origin;
    this.token = address.searchParams.get('token') ?? '';
  }

  /** kill -9, as a crash. */
  crash(): void {
    this.child?.kill('SIGKILL');
  }

  /** Started again on the same campaign and port (the pages' sockets come back to it). */
  async restart(): Promise<void> {
    await this.listen(Number(new URL(this.url).port));
  }

  stop(): void {
    this.child?.kill();
  }

  /** The GM's page at `hash`, signed in with the token (each browser context is fresh). */
  gm(hash = ''): string {
    return `${this.url}/?token=${this.token}${hash}`;
  }

  /** The GM's API, as the page calls it; a refusal throws with the server's answer. */
  async api<T>(method: string, path: string, body?: unknown): Promise<T> {
    const r = await fetch(this.url + path, {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = (await r.json()) as unknown;
    if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(data)}`);
    return data as T;
  }
}

/** A test file's server and browser: started before its tests, stopped after them. */
export function withServer(name: string): { readonly served: Served; readonly browser: Browser } {
  const at: { served?: Served; browser?: Browser } = {};
  beforeAll(async () => {
    at.served = await Served.start(name);
    at.browser = await launch();
  });
  afterAll(async () => {
    await at.browser?.close();
    at.served?.stop();
    expect(policyViolations.splice(0)).toEqual([]);
  });
  return {
    get served() {
      return at.served as Served;
    },
    get browser() {
      return at.browser as Browser;
    },
  };
}

/** Dice for a test to type, the same every run. */
export function seeded(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2147483648);
}

/**
 * Types dice rolled at the table into a question card that asks for them ("Roll D100"), from
 * `dice`, and sends them; false when the card asks for no roll.
 */
export async function typeDice(card: Locator, dice: () => number): Promise<boolean> {
  const roll = card.getByRole('button', { name: /^Roll / });
  if ((await roll.count()) === 0) return false;
  const m = /Roll (\d*)D(\d+)/.exec((await roll.textContent()) ?? '');
  const count = Number(m?.[1] || 1);
  const sides = Number(m?.[2] ?? 6);
  const typed = card.getByLabel('dice rolled', { exact: true });
  await typed.fill(String(count + (dice() % (count * sides - count + 1))));
  await typed.press('Enter');
  return true;
}

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** axe-core's serious and critical findings on the page as it stands (or the part `within` selects), each with where. */
export async function axeFindings(page: Page, within?: string): Promise<string[]> {
  // Run as the browser's own script, not as a tag of the page's: the page's policy takes no inline script.
  await page.evaluate(readFileSync(AXE, 'utf8'));
  const r = (await page.evaluate(
    `axe.run(${within ? `document.querySelector(${JSON.stringify(within)})` : 'document'}, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })`,
  )) as {
    violations: { id: string; impact: string; nodes: { target: string[]; failureSummary: string }[] }[];
  };
  return r.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} — ${n.failureSummary.split('\n')[1] ?? ''}`),
    );
}

/** Tabs from where the focus is until it is on `name`'s button (a person with the keyboard alone), then presses Enter. */
export async function pressByKeyboard(page: Page, name: string): Promise<void> {
  for (let i = 0; i < 150; i++) {
    await page.keyboard.press('Tab');
    const on = await page.evaluate("document.activeElement?.textContent?.trim() ?? ''");
    if (on === name) {
      await page.keyboard.press('Enter');
      return;
    }
  }
  throw new Error(`no button '${name}' reached with Tab`);
}
