// The GM's screen in real Chromium (issue 17): a GM builds an encounter from the bestiary, plays a
// WFRP 1e fight and an OpenQuest fight to the end with typed dice, undoes, brings in a
// reinforcement, reloads mid-fight and finds everything where it was; screenshots of each page
// at 1280×800 and 820×1180 go to test-browser/shots for a person to look at.
import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ROOT, seeded, SHOTS, typeDice, withServer } from './serve.js';

const t = withServer('gm');

async function shoot(page: Page, name: string) {
  for (const [w, h] of [
    [1280, 800],
    [820, 1180],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: join(SHOTS, `${name}-${w}x${h}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Answers the question on the card as a GM at the table would: the dice typed, the suggestion taken. */
async function answerOnce(page: Page, dice: () => number): Promise<void> {
  if ((await page.locator('.question.over').count()) > 0) return;
  const fight = page.locator('main.fight');
  const before = await fight.getAttribute('data-inputs');
  if (!(await typeDice(page.getByRole('region', { name: 'question' }), dice))) {
    await page.evaluate('document.activeElement && document.activeElement.blur()');
    await page.keyboard.press('Enter');
  }
  // A shared machine may take a while to answer: a slow answer is no failure of the page.
  await expect.poll(() => fight.getAttribute('data-inputs'), { timeout: 15_000 }).not.toBe(before);
}

async function playToEnd(page: Page, dice: () => number) {
  for (let i = 0; i < 600; i++) {
    if ((await page.locator('.question.over').count()) > 0) return;
    await answerOnce(page, dice);
  }
  throw new Error('the fight did not end in 600 answers');
}

describe("the GM's screen", () => {
  it('builds an encounter from the bestiary, plays WFRP 1e to the end with typed dice, undoes, brings in a reinforcement, and survives a reload', async () => {
    const page = await t.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(t.served.gm());
    await expect(page.getByRole('heading', { name: 'Encounters' })).toBeTruthy();
    await shoot(page, 'campaign-empty');

    // A party member kept in the campaign, checked as the command line checks it (its YAML view).
    await page.getByRole('region', { name: 'characters' }).getByRole('tab', { name: 'YAML view' }).click();
    await page
      .getByLabel('character YAML')
      .fill(
        'name: Helmut\nprofile: { M: 4, WS: 45, BS: 30, S: 4, T: 3, W: 8, I: 45, A: 1, Dex: 30, Ld: 30, Int: 30, Cl: 30, WP: 30, Fel: 30 }\nweapons: [sword, shield]\narmour: [mail-shirt]\n',
      );
    await page.getByRole('button', { name: 'Check and add the character' }).click();
    await expect.poll(() => page.locator('.list li', { hasText: 'Helmut' }).count()).toBe(1);

    // Helmut and two humans of the bestiary against an orc and a goblin.
    const characterRow = page.locator('.builder .row', {
      has: page.getByLabel('character', { exact: true }),
    });
    const creatureRow = page.locator('.builder .row', { has: page.getByLabel('creature', { exact: true }) });
    await expect.poll(() => characterRow.count()).toBe(1);
    await characterRow.getByRole('button', { name: 'add to Heroes' }).click();
    await page.getByLabel('creature').selectOption('human');
    await creatureRow.getByRole('button', { name: 'add to Heroes' }).click();
    await creatureRow.getByRole('button', { name: 'add to Heroes' }).click();
    await page.getByLabel('creature').selectOption('orc');
    await creatureRow.getByRole('button', { name: 'add to Monsters' }).click();
    await page.getByLabel('creature').selectOption('goblin');
    await creatureRow.getByRole('button', { name: 'add to Monsters' }).click();
    await page.getByRole('button', { name: 'Write it as YAML below' }).click();
    const yaml = await page.getByLabel('encounter YAML').inputValue();
    expect(yaml).toContain('      - { use: "party-wfrp1e.yaml#Helmut" }\n');
    expect(yaml).toContain('      - { use: human, count: 2 }\n');
    expect(yaml).toContain('      - { use: orc }\n      - { use: goblin }\n');
    // The form: each field checked as it is typed, the problem beside it.
    await page.getByRole('tab', { name: 'Form', exact: true }).click();
    const monsters = page.locator('fieldset.side-form').nth(1);
    await expect.poll(() => monsters.locator('.combatant-form').count()).toBe(2);
    const orcCount = monsters.locator('.combatant-form').first().getByLabel('count');
    await orcCount.fill('500');
    await orcCount.press('Tab');
    await expect
      .poll(() =>
        monsters.locator('.combatant-form').first().locator('.field.bad .field-problem').textContent(),
      )
      .toMatch(/expected/);
    await shoot(page, 'campaign-form');
    await page.getByRole('tab', { name: 'YAML', exact: true }).click();
    expect(await page.getByLabel('encounter YAML').inputValue()).toContain('{ use: orc, count: 500 }');

    // A mistake is shown at its line, and nothing is added.
    await page.getByLabel('encounter YAML').fill(yaml.replace('use: orc', 'use: orcc'));
    await page.getByRole('button', { name: 'Check and add the encounter' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toMatch(/line \d+.*unknown creature 'orcc'/);
    await shoot(page, 'campaign-problem');
    await page.getByLabel('encounter YAML').fill(yaml);
    await page.getByRole('button', { name: 'Check and add the encounter' }).click();
    await expect.poll(() => page.locator('.list li', { hasText: 'A new fight' }).count()).toBe(1);
    await page.getByLabel('seed for A new fight').fill('11');
    await page.getByRole('button', { name: 'Start a fight' }).click();
    await page.waitForURL(/#\/fights\/1$/);
    await expect.poll(() => page.getByRole('region', { name: 'tracker' }).locator('li').count()).toBe(5);
    expect(await page.getByRole('region', { name: 'tracker' }).textContent()).toContain('Human 1');
    await shoot(page, 'fight-start');

    // A few answers, then undo takes the last one back.
    const dice = seeded(5);
    for (let i = 0; i < 4; i++) await answerOnce(page, dice);
    const before = await page.getByRole('region', { name: 'log' }).locator('li').count();
    const asked = await page.locator('.question .label').textContent();
    await answerOnce(page, dice);
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.waitForLoadState('networkidle');
    await expect.poll(() => page.locator('.question .label').textContent()).toBe(asked);
    expect(await page.getByRole('region', { name: 'log' }).locator('li').count()).toBe(before);

    // A reinforcement for the monsters.
    await page.getByLabel('newcomer').selectOption('orc');
    await page.getByLabel('why it comes').fill('up from the cellar');
    await page.getByRole('button', { name: 'Bring in' }).click();
    await expect.poll(() => page.getByRole('region', { name: 'tracker' }).locator('li').count()).toBe(6);
    await shoot(page, 'fight-reinforced');

    // Reload mid-fight: everything where it was.
    const tracker = await page.getByRole('region', { name: 'tracker' }).textContent();
    const question = await page.locator('.question .label').textContent();
    await page.reload();
    await expect.poll(() => page.locator('.question .label').textContent()).toBe(question);
    expect(await page.getByRole('region', { name: 'tracker' }).textContent()).toBe(tracker);

    await playToEnd(page, dice);
    await expect.poll(() => page.locator('.question.over h2').textContent()).toMatch(/victory|draw/);
    await shoot(page, 'fight-over');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('plays an OpenQuest fight to the end with typed dice', async () => {
    const page = await t.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(t.served.gm());
    await page
      .getByLabel('encounter YAML')
      .fill(readFileSync(join(ROOT, 'data', 'openquest', 'encounters', 'duel.yaml'), 'utf8'));
    await page.getByRole('button', { name: 'Check and add the encounter' }).click();
    await expect
      .poll(() => page.locator('.list li').filter({ hasText: 'openquest' }).count())
      .toBeGreaterThan(0);
    await page
      .locator('.list li')
      .filter({ hasText: 'openquest' })
      .getByRole('button', { name: 'Start a fight' })
      .click();
    await page.waitForURL(/#\/fights\/\d+$/);
    // The tactics play the second side: every question left is for the first side's people.
    const first =
      (await page.getByRole('region', { name: 'tracker' }).locator('li .team').first().textContent()) ?? '';
    const sideNames = await page.locator('label.auto').allTextContents();
    const other =
      sideNames.map((t) => t.replace(/^\s*the tactics play\s*/, '').trim()).find((n) => n !== first) ?? '';
    await page.locator('label.auto', { hasText: other }).locator('input').check();
    // The tactics may play on at once (their dice, their decisions): wait for the page to show it.
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    expect(await page.locator('label.auto input:checked').count()).toBe(1);
    await playToEnd(page, seeded(9));
    await expect.poll(() => page.locator('.question.over h2').textContent()).toMatch(/victory|draw/);
    await page.goto(t.served.url);
    await expect
      .poll(() => page.locator('.list li').filter({ hasText: 'openquest' }).first().textContent())
      .toMatch(/victory|draw/);
    await shoot(page, 'campaign-fights');
    await page.close();
  });
});

describe('every ruleset from the page', () => {
  it.each([
    'ahq-house/encounters/crypt.yaml',
    'fantasy-wargaming/encounters/duel.yaml',
    'wfrp-cp/encounters/hans-and-the-goblins.yaml',
  ])('%s plays to the end from the GM screen', async (file) => {
    const post = async (path: string, body: unknown) =>
      (await (
        await fetch(t.served.url + path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${t.served.token}` },
          body: JSON.stringify(body),
        })
      ).json()) as { id: number };
    const e = await post('/api/encounters', { text: readFileSync(join(ROOT, 'data', file), 'utf8') });
    const f = await post('/api/fights', { encounterId: e.id, seed: 3 });
    const page = await t.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await page.goto(t.served.gm(`#/fights/${f.id}`));
    await page.waitForSelector('main.fight');
    await playToEnd(page, seeded(3));
    await expect.poll(() => page.locator('.question.over h2').textContent()).toMatch(/victory|draw/);
    await shoot(page, `over-${file.split('/')[0]}`);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('what the campaign cannot read or write (issue 29)', () => {
  it('shows a character whose row cannot be read beside the others, and says so when the disk refuses a write', async () => {
    for (const name of ['Anna', 'Berta'])
      await t.served.api('POST', '/api/characters', {
        ruleset: 'wfrp1e',
        text: `name: ${name}\nuse: human\n`,
      });
    const db = new Database(t.served.campaignFile);
    db.prepare("UPDATE characters SET entry = 'not json {' WHERE name = 'Anna'").run();
    db.close();
    const page = await t.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(t.served.gm());
    const characters = page.getByRole('heading', { name: 'Characters' }).locator('..');
    await expect.poll(() => characters.getByText('Berta').count()).toBe(1);
    await expect.poll(() => characters.getByText(/its entry cannot be read/).count()).toBe(1);
    // It is not offered to a fight: it has no entry to bring. The fight's list is fetched apart
    // from the characters' panel: wait for it to hold Berta.
    const options = page.getByLabel('character', { exact: true }).locator('option');
    await expect
      .poll(async () => (await options.allTextContents()).some((o) => o.startsWith('Berta')))
      .toBe(true);
    const offered = await options.allTextContents();
    expect(offered.some((o) => o.startsWith('Anna'))).toBe(false);
    // A full disk, as the server answers it (test/server.test.ts makes the disk refuse for real).
    await page.route('**/api/characters', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 507,
            contentType: 'application/json',
            body: JSON.stringify({
              error:
                'the campaign could not be written: the disk it is on is full (or refused the write). Nothing of this request was kept; free some space and try again',
            }),
          })
        : route.continue(),
    );
    await page.getByRole('region', { name: 'characters' }).getByRole('tab', { name: 'YAML view' }).click();
    await page.getByLabel('character YAML').fill('name: Carl\nuse: human\n');
    await page.getByRole('button', { name: 'Check and add the character' }).click();
    const alert = characters.getByRole('alert');
    await expect.poll(() => alert.textContent()).toContain('The campaign could not be written.');
    await expect.poll(() => alert.textContent()).toContain('The disk it is on is full');
    await shoot(page, 'gm-unreadable-and-full');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(SHOTS, 'gm-unreadable-and-full-390x844.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });
});
