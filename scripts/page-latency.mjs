#!/usr/bin/env node
// The GM's page, timed (docs/performance.md): from the GM's Enter to the screen showing the next
// question, over 40 answers of the demo fight in Chromium, against a `fray serve` of a fresh
// campaign. `npm run build && node scripts/page-latency.mjs`; needs Debian's chromium.
/* global console, URL, setTimeout, fetch, performance, document */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { chromium } from 'playwright-core';

const root = new URL('..', import.meta.url).pathname;
const db = join(mkdtempSync(join(tmpdir(), 'fray-latency-')), 'c.db');
const server = spawn(process.execPath, [
  join(root, 'dist/cli/bin.js'),
  'serve',
  '--campaign',
  db,
  '--port',
  '0',
]);
const url = await new Promise((done) => {
  let out = '';
  server.stdout.on('data', (d) => {
    out += d;
    const m = /Open (http:\/\/\S+) /.exec(out);
    if (m) done(m[1]);
  });
});
const post = (path, body) =>
  fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then((r) => r.json());
await post('/api/encounters', { text: readFileSync(join(root, 'data/wfrp1e/encounters/demo.yaml'), 'utf8') });
const fight = await post('/api/fights', { encounterId: 1, seed: 7 });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
await page.goto(`${url}/#/fights/${fight.id}`);
await page.waitForSelector('main.fight');
const times = [];
for (let i = 0; i < 40; i++) {
  const before = await page.getAttribute('main.fight', 'data-inputs');
  if ((await page.locator('.question.over').count()) > 0) break;
  const t0 = await page.evaluate(() => performance.now());
  await page.keyboard.press('Enter');
  await page.waitForFunction(
    (b) => document.querySelector('main.fight')?.getAttribute('data-inputs') !== b,
    before,
  );
  const t1 = await page.evaluate(() => performance.now());
  times.push(t1 - t0);
  await new Promise((r) => setTimeout(r, 20));
}
times.sort((a, b) => a - b);
const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
console.log(`answers timed: ${times.length}; median ${at(0.5)} ms, p90 ${at(0.9)} ms, max ${at(1)} ms`);
await browser.close();
server.kill();
