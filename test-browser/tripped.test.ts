// What a GM tripped over (issue 45), each in real Chromium: the "set a number" ruling as lists of
// what can be set; the focus back at the question after a ruling; the join warning wrapped at its
// words on a phone; the sweep's plot in the dark theme; the designer's bar moving within a block;
// a sweep's axis picked by name.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ROOT, SHOTS, withServer } from './serve.js';
import type { FightView } from '../src/server/fights.js';

const t = withServer('tripped');
const api = <T>(method: string, path: string, body?: unknown) => t.served.api<T>(method, path, body);

const ENCOUNTER = `ruleset: wfrp1e
title: The ford in the rain
sides:
  - name: Adventurers
    players: true
    combatants:
      - name: Helmut
        profile: { M: 4, WS: 45, BS: 30, S: 4, T: 3, W: 8, I: 45, A: 1, Dex: 30, Ld: 30, Int: 30, Cl: 30, WP: 30, Fel: 30 }
        weapons: [sword, shield]
        armour: [mail-shirt, helmet]
      - { name: Skallier, use: elf, profile: { WS: 50, I: 63, A: 2, W: 8 }, weapons: [bow], carried: [sword], ammo: { bow: 12 } }
  - name: Orcs
    combatants:
      - { use: orc, count: 2 }
`;

/** The same, the elf with a sword only: the first question is his to-hit roll. */
const SWORDS = ENCOUNTER.replace('weapons: [bow], carried: [sword], ammo: { bow: 12 }', 'weapons: [sword]');

async function fightPage(
  name: string,
  viewport = { width: 1280, height: 900 },
  text = ENCOUNTER,
): Promise<{ page: Page; id: number; errors: string[] }> {
  const enc = await api<{ id: number }>('POST', '/api/encounters', {
    text: text.replace('The ford in the rain', name),
  });
  const fight = await api<FightView>('POST', '/api/fights', { encounterId: enc.id, seed: 3 });
  const page = await t.browser.newPage({ viewport });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(t.served.gm(`#/fights/${fight.id}`));
  await page.waitForSelector('main.fight .question');
  return { page, id: fight.id, errors };
}

const rulings = (page: Page) => page.getByRole('region', { name: 'rulings' });
const log = (page: Page) => page.getByRole('region', { name: 'log' });

describe('the "set a number" ruling (issue 45)', () => {
  it('lists the combatants and, for the one picked, the numbers the engine takes, with their values and bounds', async () => {
    const { page, errors } = await fightPage('Setting numbers');
    const r = rulings(page);
    await r.getByLabel('ruling').selectOption('set');
    await r.getByLabel('who', { exact: true }).selectOption({ label: 'Skallier (Adventurers)' });
    const which = r.getByLabel('which number');
    const offered = await which.locator('option').allTextContents();
    expect(offered[0]).toBe('W: 8 — Wounds (0..8)');
    expect(offered).toContain('bow.ammo: 12 — bow: ammunition left outside the weapon');
    expect(offered).toContain('stunned: 0 — rounds of no action left');
    await which.selectOption('bow.ammo');
    expect(await r.getByLabel('value').getAttribute('placeholder')).toBe('0..999');
    await r.getByLabel('value').fill('3');
    await r.getByLabel('why', { exact: true }).fill('arrows lost in the river');
    await r.getByRole('button', { name: 'Rule' }).click();
    await expect
      .poll(() => log(page).textContent())
      .toContain("Skallier's bow.ammo: 12 → 3 (GM's ruling: arrows lost in the river).");
    // The list follows the fight: the number set is the value now offered.
    expect(await which.locator('option', { hasText: 'bow.ammo' }).textContent()).toBe(
      'bow.ammo: 3 — bow: ammunition left outside the weapon',
    );
    // Another combatant: its own list, W first.
    await r.getByLabel('who', { exact: true }).selectOption({ label: 'Orc 1 (Orcs)' });
    expect((await which.locator('option').allTextContents())[0]).toMatch(/^W: \d+ — Wounds \(0\.\.\d+\)$/);
    await page.screenshot({ path: join(SHOTS, 'tripped-set-1280x900.png') });
    expect(errors).toEqual([]);
    await page.close();
  });
});

const focused = (page: Page) =>
  page.evaluate(
    `(() => { const e = document.activeElement; return e ? (e.getAttribute('aria-label') ?? e.textContent ?? '').trim() : ''; })()`,
  ) as Promise<string>;
const card = (page: Page) => page.getByRole('region', { name: 'question' });
const inputs = (page: Page) => page.locator('main.fight').getAttribute('data-inputs');

describe('after a ruling, the keyboard is back at the question (issue 45)', () => {
  it('a modifier given from the keyboard: focus on the dice typed, the ruling said; the dice typed answer it', async () => {
    const { page, errors } = await fightPage('Keyboard ruling', undefined, SWORDS);
    const r = rulings(page);
    // From the keyboard alone: the ruling's value, Tab to its reason, Enter.
    await r.getByLabel('value').focus();
    await page.keyboard.type('-10');
    await page.keyboard.press('Tab');
    await page.keyboard.type('fog');
    const before = await inputs(page);
    await page.keyboard.press('Enter');
    await expect.poll(() => inputs(page)).not.toBe(before);
    await expect.poll(() => focused(page)).toBe('dice rolled');
    expect(await page.getByRole('status').filter({ hasText: 'Ruling taken' }).textContent()).toBe(
      'Ruling taken. Back to the question: Skallier: to hit Orc 2 (need WS 50 − 10 GM: fog = 40 or less)',
    );
    await page.screenshot({ path: join(SHOTS, 'tripped-ruled-1280x900.png') });
    // Straight on: the dice typed and Enter answer the question the ruling changed.
    const ruled = await inputs(page);
    await page.keyboard.type('45');
    await page.keyboard.press('Enter');
    await expect.poll(() => inputs(page)).not.toBe(ruled);
    expect(await log(page).textContent()).toContain('D100 45 > WS 50 − 10 GM: fog = 40: miss.');
    // The fight moved on: the ruling is no longer said.
    expect(await page.getByRole('status').filter({ hasText: 'Ruling taken' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a number set at a choice: focus on the suggested choice, which Enter takes', async () => {
    const { page, id, errors } = await fightPage('Keyboard set');
    const r = rulings(page);
    await r.getByLabel('ruling').selectOption('set');
    await r.getByLabel('value').focus();
    await page.keyboard.type('6');
    const before = await inputs(page);
    await page.keyboard.press('Enter');
    await expect.poll(() => inputs(page)).not.toBe(before);
    await expect.poll(() => focused(page)).toContain('suggested');
    const suggested = await card(page).locator('button.suggested').getAttribute('data-key');
    const ruled = await inputs(page);
    await page.keyboard.press('Enter');
    await expect.poll(() => inputs(page)).not.toBe(ruled);
    const saved = await api<{ inputs: unknown[] }>('GET', `/api/fights/${id}/export`);
    expect(saved.inputs).toContain('!set skallier W 6');
    expect(saved.inputs.at(-1)).toBe(suggested);
    expect(errors).toEqual([]);
    await page.close();
  });
});

/** The words of an element's text that the browser broke across two lines. */
async function brokenWords(page: Page, sel: string): Promise<string[]> {
  return page.evaluate(`(() => {
    const out = [];
    const el = document.querySelector(${JSON.stringify(sel)});
    const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode())
      for (const m of n.textContent.matchAll(/\\S+/g)) {
        const r = document.createRange();
        r.setStart(n, m.index);
        r.setEnd(n, m.index + m[0].length);
        const tops = new Set([...r.getClientRects()].map((x) => Math.round(x.top)));
        if (tops.size > 1) out.push(m[0]);
      }
    return out;
  })()`) as Promise<string[]>;
}

describe('the table panel on a phone (issue 45)', () => {
  it('the join warning wraps at its words, and the join link within the screen', async () => {
    const { page, errors } = await fightPage('Open on a phone', { width: 390, height: 844 });
    await page.getByRole('button', { name: 'Open this fight to the table' }).click();
    const warn = page.locator('.table-panel .warn');
    await warn.waitFor();
    expect(await warn.textContent()).toContain('network');
    expect(await brokenWords(page, '.table-panel .warn')).toEqual([]);
    expect((await page.evaluate('document.documentElement.scrollWidth')) as number).toBeLessThanOrEqual(390);
    const link = (await page.locator('.table-join a').first().boundingBox()) as { x: number; width: number };
    expect(link.x + link.width).toBeLessThanOrEqual(390);
    await warn.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'tripped-join-390x844.png') });
    await api('PUT', '/api/table', { fight: null });
    expect(errors).toEqual([]);
    await page.close();
  });
});

/** The relative luminance of a CSS colour "rgb(r, g, b)" (WCAG 2). */
function luminance(rgb: string): number {
  const [r, g, b] = (rgb.match(/[\d.]+/g) ?? []).slice(0, 3).map((x) => {
    const c = Number(x) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

describe("the sweep's plot follows the theme (issue 45)", () => {
  it('in the dark theme: the backdrop the panel, the words light on it; a heat map too', async () => {
    const demo = await api<{ id: number }>('POST', '/api/encounters', {
      text: SWORDS.replace('The ford in the rain', 'Swept in the dark'),
    });
    const curve = await api<{ id: number }>('POST', '/api/studies', {
      kind: 'sweep',
      encounterId: demo.id,
      runs: 100,
      seed: 1,
      method: 'sim',
      vary: ['sides[0].combatants[0].profile.WS=35..55:10'],
    });
    const heat = await api<{ id: number }>('POST', '/api/studies', {
      kind: 'sweep',
      encounterId: demo.id,
      runs: 100,
      seed: 1,
      method: 'sim',
      vary: ['sides[0].combatants[0].profile.WS=35..55:10', 'sides[0].combatants[0].profile.T=2..4'],
    });
    for (const scheme of ['dark', 'light'] as const) {
      const context = await t.browser.newContext({
        viewport: { width: 1280, height: 800 },
        colorScheme: scheme,
      });
      const page = await context.newPage();
      for (const [name, study] of [
        ['curve', curve.id],
        ['heat', heat.id],
      ] as const) {
        await page.goto(t.served.gm(`#/designer/${study}`));
        const svg = page.locator('figure.plot svg');
        await svg.waitFor({ timeout: 60_000 });
        await svg.scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(SHOTS, `tripped-sweep-${name}-${scheme}-1280x800.png`) });
        const seen = (await page.evaluate(`(() => {
          const s = document.querySelector('figure.plot svg');
          return {
            panel: getComputedStyle(s.closest('.panel')).backgroundColor,
            backdrop: getComputedStyle(s.querySelector('rect')).fill,
            title: getComputedStyle(s.querySelector('text')).fill,
          };
        })()`)) as { panel: string; backdrop: string; title: string };
        // The plot is a part of its panel, not a white card on a dark page.
        expect(seen.backdrop, `${name} ${scheme}`).toBe(seen.panel);
        expect(contrast(seen.title, seen.backdrop), `${name} ${scheme}`).toBeGreaterThanOrEqual(4.5);
      }
      await context.close();
    }
  });
});

describe('a study that ends before the page listens (CI, stop 49)', () => {
  it("shows the study's figures: the page fetches again once its socket is welcomed", async () => {
    const demo = await api<{ id: number }>('POST', '/api/encounters', {
      text: SWORDS.replace('The ford in the rain', 'Ended unheard'),
    });
    const study = await api<{ id: number }>('POST', '/api/studies', {
      kind: 'sweep',
      encounterId: demo.id,
      runs: 20_000,
      seed: 2,
      method: 'sim',
      vary: ['sides[0].combatants[0].profile.WS=35..55:10'],
    });
    const page = await t.browser.newPage({ viewport: { width: 1280, height: 800 } });
    // The page's socket is held back until the study has ended: the "it ended" message is said to
    // no one, as when a study ends between the page's first fetch and its socket's welcome.
    let open!: () => void;
    const held = new Promise<void>((resolve) => (open = resolve));
    await page.routeWebSocket('**/api/live', async (ws) => {
      await held;
      ws.connectToServer();
    });
    await page.goto(t.served.gm(`#/designer/${study.id}`));
    // The page's first fetch found it running.
    await page.waitForSelector('.result[data-status="running"], .result[data-status="queued"]');
    await expect
      .poll(async () => (await api<{ status: string }>('GET', `/api/studies/${study.id}`)).status, {
        timeout: 30_000,
      })
      .toBe('done');
    open();
    await page.locator('figure.plot svg').waitFor({ timeout: 10_000 });
    expect(await page.locator('.result').getAttribute('data-status')).toBe('done');
    await page.close();
  });
});

describe("the designer's progress within a block (issue 45)", () => {
  it('a simulation of long fights: the bar moves before the first 1,000 are added up, and says how many are', async () => {
    const { id: encounterId } = await api<{ id: number }>('POST', '/api/encounters', {
      text: readFileSync(join(ROOT, 'data', 'wfrp1e', 'encounters', 'archers-and-goblins.yaml'), 'utf8'),
    });
    const { id } = await api<{ id: number }>('POST', '/api/studies', {
      kind: 'sim',
      encounterId,
      runs: 100_000,
      seed: 3,
    });
    const page = await t.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(t.served.gm(`#/designer/${id}`));
    const bar = page.getByRole('region', { name: 'result' }).getByRole('progressbar');
    // A block of these takes seconds: the bar moves meanwhile, and says nothing is added up yet.
    await expect
      .poll(() => bar.textContent(), { timeout: 30_000 })
      .toMatch(/^[1-9][\d,]* \/ 100,000 fights \(0 added up\)$/);
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
    await page.screenshot({ path: join(SHOTS, 'tripped-progress-1280x800.png') });
    // A stop keeps what is added up: whole blocks.
    await page.getByRole('button', { name: 'Stop' }).click();
    const stopped = page.getByRole('region', { name: 'result' }).getByRole('status');
    await expect
      .poll(() => stopped.textContent(), { timeout: 30_000 })
      .toMatch(/Stopped after [\d,]+ of 100,000 fights/);
    const kept = Number(/after ([\d,]+)/.exec((await stopped.textContent()) ?? '')?.[1]?.replace(/,/g, ''));
    expect(kept % 1000).toBe(0);
    await page.close();
  });
});

describe("a sweep's axis picked by name (issue 45)", () => {
  it('whose, which and the values, from the encounter and the ruleset; the same path written underneath', async () => {
    await api('POST', '/api/encounters', { text: ENCOUNTER.replace('The ford in the rain', 'Axes by name') });
    const page = await t.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(t.served.gm('#/designer'));
    const form = page.getByRole('region', { name: 'new study' });
    await form.getByLabel('encounter', { exact: true }).selectOption({ label: 'Axes by name (wfrp1e)' });
    await form.getByRole('tab', { name: 'Sweep' }).click();
    const whose = form.getByLabel('vary: whose');
    await expect
      .poll(() => whose.locator('option').allTextContents())
      .toEqual(['pick one…', 'Helmut', 'Skallier', 'Orc × 2', 'the rule options']);
    // From the keyboard: the first combatant, then its first number (its movement, written 4).
    await whose.focus();
    await page.keyboard.press('ArrowDown');
    const path = form.getByLabel('vary', { exact: true });
    await expect.poll(() => path.inputValue()).toBe('sides[0].combatants[0].profile.M=1..8:1');
    // Its numbers by name, with what it writes: the profile's, a tactic's threshold.
    const which = form.getByLabel('vary: which');
    expect(await which.locator('option', { hasText: /^WS/ }).textContent()).toBe('WS (45)');
    expect(await which.locator('optgroup').evaluateAll((g) => g.map((x) => x.getAttribute('label')))).toEqual(
      ['profile', 'tactics'],
    );
    await which.selectOption('profile.WS');
    expect(await path.inputValue()).toBe('sides[0].combatants[0].profile.WS=25..65:5');
    await form.getByLabel('vary: values').fill('35..55:10');
    expect(await path.inputValue()).toBe('sides[0].combatants[0].profile.WS=35..55:10');
    // The orcs' T, which the entry does not write: values round the middle of its bounds, edited.
    await form.getByLabel('vary second: whose').selectOption({ label: 'Orc × 2' });
    await form.getByLabel('vary second: which').selectOption('profile.T');
    const second = form.getByLabel('vary second', { exact: true });
    expect(await second.inputValue()).toBe('sides[1].combatants[0].profile.T=1..9:1');
    await form.getByLabel('vary second: values').fill('3..4');
    // A path typed is read back into the lists.
    await path.fill('sides[0].combatants[1].profile.I=50..70:10');
    expect(await whose.inputValue()).toBe('0:1');
    expect(await which.inputValue()).toBe('profile.I');
    expect(await form.getByLabel('vary: values').inputValue()).toBe('50..70:10');
    // The rule options: their names, and every value of the one picked.
    await whose.selectOption('options');
    await which.selectOption('criticals');
    expect(await path.inputValue()).toBe('options.criticals=detailed,sudden-death');
    await whose.selectOption({ label: 'Helmut' });
    await which.selectOption('profile.WS');
    await form.getByLabel('vary: values').fill('35..55:10');
    await form.getByLabel('runs').fill('50');
    await form.getByLabel('method').selectOption('sim');
    await page.screenshot({ path: join(SHOTS, 'tripped-axes-1280x900.png') });
    await form.getByRole('button', { name: 'Start the sweep' }).click();
    const sweep = page.getByRole('region', { name: 'result' }).getByRole('table', { name: 'sweep' });
    await expect.poll(() => sweep.locator('tbody tr').count(), { timeout: 60_000 }).toBe(6);
    expect(await sweep.locator('thead').textContent()).toContain('Helmut: WS');
    expect(errors).toEqual([]);
    await page.close();
  });
});
