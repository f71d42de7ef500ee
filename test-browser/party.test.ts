// The party from fight to fight on the GM's screen (issue 45, part 2): an encounter built from the
// party in the builder, a WFRP 1e fight in which Helmut is wounded, what it did to him shown on the
// fight's page (folded during the fight, opened by the keyboard), applied with the keyboard alone,
// his W in the characters list and in the next fight of that encounter, and the apply taken back.
// Screenshots at a phone's, a tablet's and a desktop's size, light and dark, in test-browser/shots.
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeFindings, pressByKeyboard, ROOT, seeded, SHOTS, typeDice, withServer } from './serve.js';

const t = withServer('party');

const SIZES = [
  [390, 844],
  [820, 1180],
  [1280, 800],
] as const;

/** The page at each size, light and dark, the region named scrolled into view. */
async function shoot(page: Page, name: string, region: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [w, h] of SIZES) {
      await page.setViewportSize({ width: w, height: h });
      await page.getByRole('region', { name: region }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS, `${name}-${scheme}-${w}x${h}.png`) });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function answerOnce(page: Page, dice: () => number): Promise<void> {
  const fight = page.locator('main.fight');
  const before = await fight.getAttribute('data-inputs');
  if (!(await typeDice(page.getByRole('region', { name: 'question' }), dice))) {
    await page.evaluate('document.activeElement && document.activeElement.blur()');
    await page.keyboard.press('Enter');
  }
  await expect.poll(() => fight.getAttribute('data-inputs'), { timeout: 15_000 }).not.toBe(before);
}

describe('the party from fight to fight', () => {
  it('applies what a fight did to Helmut from the page, carries it into the next fight, and takes it back', async () => {
    await t.served.api('POST', '/api/characters/import', {
      text: readFileSync(join(ROOT, 'data', 'wfrp1e', 'campaign', 'heroes.yaml'), 'utf8'),
    });
    const page = await t.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(t.served.gm());

    // Helmut of the party against a goblin, built in the builder: Helmut goes in by reference.
    const characterRow = page.locator('.builder .row', {
      has: page.getByLabel('character', { exact: true }),
    });
    await expect.poll(() => characterRow.locator('option').count()).toBe(3);
    await page.getByLabel('character', { exact: true }).selectOption('Helmut');
    await characterRow.getByRole('button', { name: 'add to Heroes' }).click();
    await page.getByLabel('creature').selectOption('goblin');
    await page
      .locator('.builder .row', { has: page.getByLabel('creature', { exact: true }) })
      .getByRole('button', { name: 'add to Monsters' })
      .click();
    await page.getByRole('button', { name: 'Write it as YAML below' }).click();
    expect(await page.getByLabel('encounter YAML').inputValue()).toContain(
      '      - { use: "party-wfrp1e.yaml#Helmut" }\n',
    );
    await page.getByRole('button', { name: 'Check and add the encounter' }).click();
    await expect.poll(() => page.locator('.list li', { hasText: 'A new fight' }).count()).toBe(1);
    await page.getByLabel('seed for A new fight').fill('2');
    await page.getByRole('button', { name: 'Start a fight' }).click();
    await page.waitForURL(/#\/fights\/1$/);
    // The card drawn before the first answer: Enter before it would roll the page's own dice.
    await page.waitForSelector('.question .label');

    // Folded while the fight goes on; opened from the keyboard, it says where the fight stands.
    const panel = page.getByRole('region', { name: 'the party after the fight' });
    const dice = seeded(2);
    await answerOnce(page, dice);
    expect(await panel.locator('details').getAttribute('open')).toBeNull();
    await panel.locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => panel.textContent()).toMatch(/As it stands in round \d+: the fight goes on/);
    await page.keyboard.press('Enter');
    expect(await panel.locator('details').getAttribute('open')).toBeNull();

    for (let i = 0; i < 100 && (await page.locator('.question.over').count()) === 0; i++)
      await answerOnce(page, dice);
    await expect.poll(() => page.locator('.question.over h2').textContent()).toMatch(/victory for Heroes/);

    // Opened by itself at the end: Helmut's wounds, as the character has them and as the fight leaves them.
    await expect.poll(() => panel.locator('details').getAttribute('open')).not.toBeNull();
    const helmut = panel.locator('.party-members > li', { hasText: 'Helmut' });
    await expect.poll(() => helmut.locator('h3').textContent()).toContain('W 3/8');
    expect(await helmut.locator('tbody tr').allTextContents()).toEqual(['woundsnot written3']);
    await shoot(page, 'party-after-fight', 'the party after the fight');

    // Applied with the keyboard alone.
    await page.locator('.question.over').focus();
    await pressByKeyboard(page, "Apply to the party's characters");
    await expect.poll(() => panel.getByRole('status').textContent()).toMatch(/^Written into Helmut at /);
    await expect.poll(() => panel.locator('.applied li').first().textContent()).toMatch(/^Applied .*wounds/);
    expect(await helmut.textContent()).toContain('nothing to write');
    await shoot(page, 'party-applied', 'the party after the fight');
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      // The panel's own: the fallen in the tracker are greyed on purpose, which axe finds short of contrast.
      expect(await axeFindings(page, '.party-result')).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: 'light' });

    // The characters list says it, and the next fight of that encounter starts from it.
    await page.getByRole('link', { name: 'Campaign' }).click();
    const row = page.getByRole('region', { name: 'characters' }).locator('.list li', { hasText: 'Helmut' });
    await expect.poll(() => row.locator('.standing').textContent()).toBe('W 3/8');
    await shoot(page, 'party-characters', 'characters');
    await page.getByLabel('seed for A new fight').fill('5');
    await page.getByRole('button', { name: 'Start a fight' }).click();
    await page.waitForURL(/#\/fights\/2$/);
    const tracker = page.getByRole('region', { name: 'tracker' });
    await expect.poll(() => tracker.locator('li[data-id="helmut"]').textContent()).toContain('W 3/8');

    // Taken back, from the first fight's page, with the keyboard.
    await page.goto(t.served.gm('#/fights/1'));
    await expect.poll(() => panel.locator('.applied li').count()).toBe(1);
    await page.locator('.question.over').focus();
    await pressByKeyboard(page, 'Undo this apply');
    await expect.poll(() => panel.getByRole('status').textContent()).toMatch(/^Taken back/);
    await expect.poll(() => panel.locator('.applied li').first().textContent()).toMatch(/^Taken back /);
    expect(await helmut.locator('tbody tr').allTextContents()).toEqual(['woundsnot written3']);
    await page.getByRole('link', { name: 'Campaign' }).click();
    await expect.poll(() => row.locator('.standing').textContent()).toBe('W 8/8');
    expect(errors).toEqual([]);
    await page.close();
  });
});
