#!/usr/bin/env node
// A night at the table, played by machine (`npm run soak`; docs/table-play.md prints its output):
// one GM page, six phones and a table display in Chromium play three fights to the end against a
// `fray serve` of a fresh campaign, the players typing their dice on their phones, the tactics
// playing the orcs and the GM answering what is the GM's, with one `kill -9` of the server and a
// restart in the middle. It prints the answers lost (an answer the server acknowledged and no
// longer has: must be 0), the time from an answer to every page showing it (p50, p95), the
// server's memory at the start and the end, the bytes the pages were sent per answer, and the
// pages that had to be reloaded (must be 0). It exits 1 when an answer was lost or a page needed
// a reload.
//   npm run build && npm run soak [-- --fights N] [--phones N] [--quick]
// --quick: one fight, two phones, stopped after 40 answers, the kill after 15 (a slice for the tests).
// Needs Debian's chromium (apt-get install -y chromium).
/* global console, URL, setTimeout, fetch, document, window, addEventListener, PerformanceObserver, MutationObserver, TextEncoder, performance */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { chromium } from 'playwright-core';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const flag = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const FIGHTS = flag('--fights', quick ? 1 : 3);
const PHONES = Math.min(6, flag('--phones', quick ? 2 : 6));
/** Answers at most in a fight (a quick run stops before the end). */
const MAX_ANSWERS = flag('--answers', quick ? 40 : 2000);
/** The answer after which the server is killed: in the middle of the night. */
const KILL_AT = flag('--kill-at', quick ? 15 : 600);
/** --profile DIR: the server runs under node --cpu-prof, its profile written to DIR when it stops. */
const profileAt = args.indexOf('--profile');
const PROFILE = profileAt >= 0 ? args[profileAt + 1] : null;

const HEROES = ['Helmut', 'Skallier', 'Brunhilde', 'Ottokar', 'Marta', 'Wendel'];
const ENCOUNTER = `ruleset: wfrp1e
title: The long night at the mill
sides:
  - name: Heroes
    players: true
    combatants:
${HEROES.map((n) => `      - { name: ${n}, use: human, profile: { WS: 45, T: 4, W: 34 }, weapons: [sword, shield], armour: [mail-shirt] }`).join('\n')}
  - name: Orcs
    combatants:
      - { use: orc, count: 10, profile: { W: 13 }, armour: [leather-jerkin] }
      - { use: goblin, count: 4, profile: { W: 9 } }
`;

const root = new URL('..', import.meta.url).pathname;
const bin = join(root, 'dist/cli/bin.js');
const browserPath = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find(existsSync);
if (!existsSync(bin)) throw new Error('dist/ is not built: npm run build first');
if (!browserPath) throw new Error('no chromium: apt-get install -y chromium');

// ------------------------------------------------------------------ the server
const db = join(mkdtempSync(join(tmpdir(), 'fray-soak-')), 'c.db');
let server = null;
let origin = '';
let token = '';
async function startServer(port) {
  const profile = process.env.SOAK_NODE_FLAGS
    ? process.env.SOAK_NODE_FLAGS.split(' ')
    : PROFILE
      ? [
          '--cpu-prof',
          '--cpu-prof-dir',
          PROFILE,
          '--heapsnapshot-signal=SIGUSR2',
          '--diagnostic-dir',
          PROFILE,
        ]
      : [];
  const child = spawn(
    process.execPath,
    [...profile, bin, 'serve', '--campaign', db, '--port', String(port)],
    {
      stdio: ['ignore', 'pipe', process.env.SOAK_NODE_FLAGS ? 'pipe' : 'inherit'],
    },
  );
  const address = await new Promise((done, fail) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /Open (http:\/\/\S+) /.exec(out);
      if (m) done(new URL(m[1]));
    });
    child.on('exit', (code) => fail(new Error(`fray serve exited ${code}: ${out}`)));
  });
  server = child;
  // However the soak ends (a throw included), it leaves no server behind.
  process.once('exit', () => child.kill('SIGKILL'));
  origin = address.origin;
  token = address.searchParams.get('token');
}
/** How long the soak lets the server be quiet before reading its memory: twice its REST_MS, and a little. */
const QUIET_S = 23;
/**
 * The server's memory once it has been quiet long enough to collect (src/node/at-rest.ts, REST_MS):
 * at the start and at the end alike, so the two are the same moment of a quiet server's life.
 */
const atRest = async () => {
  await new Promise((r) => setTimeout(r, QUIET_S * 1000));
  return rss();
};
/** The server's resident memory, in MB (Linux). */
const rss = () => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
};
async function api(method, path, body) {
  const r = await fetch(origin + path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await r.json();
  if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(data)}`);
  return data;
}

// ------------------------------------------------------------------ the pages
const browser = await chromium.launch({ executablePath: browserPath, args: ['--no-sandbox'] });
/** The bytes sent to the pages, as they count them: those of the GM page's earlier fights, and now. */
let bytes = { http: 0, socket: 0 };
const bytesNow = async (p) => {
  const b = await p.page.evaluate(() => window.__bytes);
  return { http: b.http, socket: b.socket };
};
const addBytes = (b) => (bytes = { http: bytes.http + b.http, socket: bytes.socket + b.socket });
/** Answers the server acknowledged (200), by fight: the step and what was given. */
const acknowledged = [];
/** How long the server took over each answer, as the page saw it (request sent to response read). */
const served = [];
let fightNow = 0;
async function open(kind, size, url, ready) {
  const context = await browser.newContext({ viewport: size });
  // The page keeps its own clock: when each step was first shown (the step attribute of its main
  // element, seen by a MutationObserver), when each live message arrived, and the bytes it was
  // sent (the HTTP responses as they came over the wire, the socket's messages). The soak reads
  // them after, so the measuring costs the page next to nothing and waits on no polling.
  await context.addInitScript(() => {
    // The wall clock, which every page reads alike (each page's performance.timeOrigin is fixed
    // when it opened, and drifts from a page opened minutes later by as much as the clock was
    // slewed meanwhile).
    const now = () => Date.now();
    const shown = (window.__shown = []);
    const heard = (window.__heard = []);
    const bytes = (window.__bytes = { http: 0, socket: 0 });
    performance.setResourceTimingBufferSize(1_000_000);
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) bytes.http += e.transferSize;
    }).observe({ type: 'resource', buffered: true });
    const encoder = new TextEncoder();
    let last = -2;
    window.__clicked = 0;
    window.__clickedHere = 0;
    addEventListener(
      'click',
      () => {
        window.__clicked = now();
        window.__clickedHere = performance.now();
      },
      true,
    );
    const look = () => {
      const el = document.querySelector('main.fight, main.player, main.display');
      const step = Number(el?.getAttribute('data-inputs') ?? el?.getAttribute('data-step') ?? -1);
      if (step !== last) shown.push([(last = step), now()]);
    };
    new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true });
    const Socket = window.WebSocket;
    window.WebSocket = class extends Socket {
      constructor(...a) {
        super(...a);
        this.addEventListener('message', (m) => {
          heard.push(now());
          bytes.socket += typeof m.data === 'string' ? encoder.encode(m.data).length : m.data.size;
        });
      }
    };
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('response', (r) => {
    if (r.status() === 200 && /\/api\/(fights\/\d+|seat)\/answer/.test(r.url())) {
      const body = r.request().postDataJSON();
      acknowledged.push({ fight: fightNow, step: body.step, answer: body.answer, then: body.then });
    }
  });
  await page.goto(url);
  await page.waitForSelector(ready);
  return { kind, page, errors, context };
}
/** The step a page shows (the GM's view's inputs, a seat's view's step). */
const stepOf = (p) =>
  p.page.evaluate(() => {
    const el = document.querySelector('main.fight, main.player, main.display');
    return Number(el?.getAttribute('data-inputs') ?? el?.getAttribute('data-step') ?? -1);
  });

let dice = 20261127;
const roll = (count, sides) => {
  let total = 0;
  for (let i = 0; i < count; i++) {
    dice = (dice * 1103515245 + 12345) % 2147483648;
    total += 1 + (dice % sides);
  }
  return total;
};
/**
 * Readies the answer on the card (the dice typed, and the damage with them; else the suggestion,
 * else the first choice) and gives the button that sends it: the clock starts at its press.
 */
async function readyAnswer(page, scope) {
  const card = page.locator(`${scope} .question`).first();
  await card.waitFor({ timeout: 30_000 });
  const rollButton = card.getByRole('button', { name: /^Roll / });
  if ((await rollButton.count()) > 0) {
    const m = /Roll (\d*)D(\d+)/.exec((await rollButton.textContent()) ?? '');
    await card
      .getByLabel('dice rolled', { exact: true })
      .fill(String(roll(Number(m?.[1] || 1), Number(m?.[2] ?? 6))));
    const then = card.getByLabel('the dice rolled with it');
    if ((await then.count()) > 0 && dice % 2 === 0) await then.fill(String(roll(1, 6)));
    return card.getByRole('button', { name: 'Take' });
  }
  for (const sel of ['button.suggested', 'button:has-text("(suggested)")']) {
    const b = card.locator(sel).first();
    if ((await b.count()) > 0) return b;
  }
  // A player's phone is offered no suggestion: a player who came to fight strikes, and never flees.
  const choices = card.locator('.choices button');
  const labels = await choices.allTextContents();
  const pick = [/strike|attack|fight|hit|shoot|charge/i, /^(?!.*(flee|surrender|yield|leave))/i]
    .map((re) => labels.findIndex((l) => re.test(l.replace(/^\d+\s*/, ''))))
    .find((i) => i >= 0);
  if (pick !== undefined) return choices.nth(pick);
  throw new Error(`no way to answer the card: ${await card.textContent()}`);
}

// ------------------------------------------------------------------ the night
await startServer(0);
const port = Number(new URL(origin).port);
const encounter = await api('POST', '/api/encounters', { text: ENCOUNTER });
const latencies = [];
const gmLatencies = [];
/** From the answer to the last page hearing of it on its socket; from a page hearing to its showing it (the slowest). */
const heard = [];
const rendered = [];
/** The answer to each kind of page showing it. */
const byKind = {};
let answers = 0;
let byGm = 0;
let reloads = 0;
const memory = {};
let pages = [];
let gm = null;

for (let f = 0; f < FIGHTS; f++) {
  const fight = await api('POST', '/api/fights', { encounterId: encounter.id, seed: 100 + f });
  fightNow = fight.id;
  // The first fight's orcs are the tactics'; after that the GM types theirs on the GM's page.
  if (f === 0) await api('PUT', `/api/fights/${fight.id}/auto`, { sides: [1] });
  await api('PUT', '/api/table', { fight: fight.id });
  if (f === 0) {
    gm = await open(
      'gm',
      { width: 1280, height: 800 },
      `${origin}/?token=${token}#/fights/${fight.id}`,
      'main.fight',
    );
    const phones = [];
    for (const name of HEROES.slice(0, PHONES)) {
      const seat = await api('POST', '/api/table/seats', {
        character: name.toLowerCase(),
        player: `${name}'s player`,
      });
      phones.push(await open('phone', { width: 390, height: 844 }, seat.link, 'main.player'));
    }
    const tv = await api('POST', '/api/table/seats', { display: true, player: 'TV' });
    const display = await open('display', { width: 1280, height: 720 }, tv.link, 'main.display');
    pages = [gm, ...phones, display];
    memory.start = await atRest();
    if (PROFILE) server.kill('SIGUSR2');
    // What opening the pages took is not the night's.
    for (const p of pages) addBytes(await bytesNow(p));
    bytes = { http: -bytes.http, socket: -bytes.socket };
  } else {
    // The GM's page opens the next fight anew: what it counted so far is kept.
    addBytes(await bytesNow(gm));
    await gm.page.goto(`${origin}/?token=${token}#/fights/${fight.id}`);
    addBytes(await bytesNow(gm).then((b) => ({ http: -b.http, socket: -b.socket })));
  }
  const seated = new Map(HEROES.slice(0, PHONES).map((n, i) => [n.toLowerCase(), pages[i + 1]]));

  for (let a = 0; a < MAX_ANSWERS; a++) {
    const v = await api('GET', `/api/fights/${fight.id}`);
    if (!v.question) break;
    // Every page at this step before anyone answers.
    for (const p of pages)
      for (let t = 0; (await stepOf(p)) !== v.inputs; t++) {
        if (t > 300) throw new Error(`the ${p.kind} page is not at step ${v.inputs}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    const phone = seated.get(v.question.actor);
    const button = phone ? await readyAnswer(phone.page, '.mine') : await readyAnswer(gm.page, 'main.fight');
    if (!phone) byGm++;
    // A page's record holds the earlier fights' steps too: only what it showed from now on counts.
    const since = Date.now();
    await button.click();
    // From the answer (its click, by the answering page's clock) to every page showing the step
    // after it (by each page's own clock: one machine, one wall clock).
    const at = await Promise.all(
      pages.map(async (p) => {
        await p.page.waitForFunction(
          ([s, t0]) => window.__shown.some(([x, t]) => x > s && t >= t0),
          [v.inputs, since],
          {
            timeout: 30_000,
            polling: 25,
          },
        );
        return p.page.evaluate(() => ({
          // The answer's request, from its start to its response read.
          asked: performance
            .getEntriesByType('resource')
            .filter((e) => /\/api\/(fights\/\d+|seat)\/answer/.test(e.name))
            .filter((e) => e.startTime >= window.__clickedHere)
            .map((e) => e.responseEnd - e.startTime),
          clicked: window.__clicked,
          shown: window.__shown.filter(([x]) => x >= 0),
          heard: window.__heard,
        }));
      }),
    );
    const answering = at[pages.indexOf(phone ?? gm)];
    const clicked = answering.clicked;
    if (answering.asked.length > 0) served.push(answering.asked[0]);
    const shownAt = at.map((x) => x.shown.find(([step, t]) => step > v.inputs && t >= clicked)?.[1] ?? NaN);
    const heardAt = at.map((x) => x.heard.find((t) => t >= clicked) ?? NaN);
    latencies.push(Math.max(...shownAt) - clicked);
    heard.push(Math.max(...heardAt) - clicked);
    rendered.push(Math.max(...shownAt.map((t, i) => t - heardAt[i])));
    if (!phone) gmLatencies.push(shownAt[0] - clicked);
    pages.forEach((p, i) => (byKind[p.kind] ??= []).push(shownAt[i] - clicked));
    answers++;

    if (answers === KILL_AT) {
      memory.killed = rss();
      server.kill('SIGKILL');
      await new Promise((r) => server.once('exit', r));
      await startServer(port);
      memory.restarted = rss();
      // Every page comes back by itself (its socket reconnects); one that does not is reloaded, and counted.
      for (const p of pages) {
        try {
          await p.page.waitForFunction(
            () => document.querySelector('[aria-label="connection"]')?.textContent === '● live',
            null,
            { timeout: 20_000 },
          );
        } catch {
          reloads++;
          await p.page.reload();
        }
      }
    }
  }
}
memory.last = rss();
memory.end = await atRest();
if (PROFILE) {
  server.kill('SIGUSR2');
  await new Promise((r) => setTimeout(r, 5000));
}

// ------------------------------------------------------------------ what was kept
let lost = 0;
const saves = new Map();
for (const x of acknowledged) {
  if (!saves.has(x.fight)) {
    const r = await fetch(`${origin}/api/fights/${x.fight}/export`, {
      headers: { authorization: `Bearer ${token}` },
    });
    saves.set(x.fight, JSON.parse(await r.text()).inputs);
  }
  const inputs = saves.get(x.fight);
  if (inputs[x.step] !== x.answer) lost++;
}
for (const p of pages) addBytes(await bytesNow(p));
const errors = pages.flatMap((p) => p.errors.map((e) => `${p.kind}: ${e}`));
await browser.close();
server.kill();
await new Promise((r) => server.once('exit', r));

const pct = (xs, q) => {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : NaN;
};
const unmeasured = latencies.filter((x) => !Number.isFinite(x)).length;
const ms = (x) => `${Math.round(x)} ms`;
const mb = (x) => `${x.toFixed(0)} MB`;
const kb = (x) => `${(x / 1024).toFixed(1)} KB`;
const growth = (memory.end / memory.start - 1) * 100;
const lines = [
  `soak: ${FIGHTS} fight${FIGHTS === 1 ? '' : 's'} of ${HEROES.length} heroes against 14 orcs and goblins (the tactics' in the first fight, the GM's after); 1 GM page, ${PHONES} phones, 1 table display; kill -9 after answer ${KILL_AT}`,
  `answers: ${answers} (${answers - byGm} on the phones, ${byGm} on the GM's page); acknowledged and checked: ${acknowledged.length}; lost: ${lost}`,
  `an answer to every page showing it: p50 ${ms(pct(latencies, 0.5))}, p95 ${ms(pct(latencies, 0.95))}, max ${ms(Math.max(...latencies.filter(Number.isFinite)))}${unmeasured ? ` (${unmeasured} answers not seen on a page's own clock)` : ''} (target p95 ≤ 150 ms)`,
  `the server over an answer (request to response, as the page saw it): p50 ${ms(pct(served, 0.5))}, p95 ${ms(pct(served, 0.95))}`,
  `  of which to the last page hearing it on its socket: p50 ${ms(pct(heard, 0.5))}, p95 ${ms(pct(heard, 0.95))}; a page from hearing to showing (the slowest page): p50 ${ms(pct(rendered, 0.5))}, p95 ${ms(pct(rendered, 0.95))}`,
  `  by page: ${Object.entries(byKind)
    .map(([k, xs]) => `${k} p50 ${ms(pct(xs, 0.5))} p95 ${ms(pct(xs, 0.95))}`)
    .join('; ')}`,
  `the GM's answer to the GM's page showing it: p50 ${ms(pct(gmLatencies, 0.5))}, p90 ${ms(pct(gmLatencies, 0.9))}`,
  `server memory (RSS), quiet for ${QUIET_S} s: at the start ${mb(memory.start)}, at the end ${mb(memory.end)} (${growth >= 0 ? '+' : ''}${growth.toFixed(0)}% of the start; target within 20%); at the last answer ${mb(memory.last)}; ${memory.killed ? `before the kill ${mb(memory.killed)}, just after the restart ${mb(memory.restarted)}` : 'no kill'}`,
  `sent to the pages per answer: ${kb((bytes.http + bytes.socket) / Math.max(1, answers))} (HTTP ${kb(bytes.http / Math.max(1, answers))}, live socket ${kb(bytes.socket / Math.max(1, answers))}), over ${pages.length} pages`,
  `pages reloaded: ${reloads}; page errors: ${errors.length}${errors.length ? `\n  ${errors.slice(0, 5).join('\n  ')}` : ''}`,
];
console.log(lines.join('\n'));
process.exit(lost > 0 || reloads > 0 || errors.length > 0 ? 1 : 0);
