// How deadly the encounter being built is, in the builder (issue 48, part 3): a mistake in the
// encounter written below is shown at its line and nothing is weighed; Helmut of the party against
// a goblin shows a band; orcs added with the keyboard alone mark that answer as old (greyed,
// "Updating…") until the new band comes, which is announced; a change to Helmut's character is
// weighed again the same way. No serious or critical axe finding, light or dark, old or new.
// Screenshots at a phone's, a tablet's and a desktop's size, light and dark, in test-browser/shots.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeFindings, pressByKeyboard, ROOT, SHOTS, withServer } from './serve.js';

const t = withServer('danger');

const SIZES = [
  [390, 844],
  [820, 1180],
  [1440, 900],
] as const;

async function shoot(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [w, h] of SIZES) {
      await page.setViewportSize({ width: w, height: h });
      await page.locator('section.danger').scrollIntoViewIfNeeded();
      // A frame drawn at the new size first: a shot taken at once may show the old layout's paint.
      await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
      await page.screenshot({ path: join(SHOTS, `${name}-${scheme}-${w}x${h}.png`) });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe("the builder's danger", () => {
  it('shows the band of the encounter built, marks it old while a change is weighed, then shows the new one', async () => {
    await t.served.api('POST', '/api/characters/import', {
      text: readFileSync(join(ROOT, 'data', 'wfrp1e', 'campaign', 'heroes.yaml'), 'utf8'),
    });
    const page = await t.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(t.served.gm());
    const danger = page.locator('section.danger');
    await expect.poll(() => danger.textContent()).toContain('Put the party on one side');

    // An encounter written below with a mistake: its problem at its line, shown without an alert
    // (the GM is still typing), and no band.
    const bad = readFileSync(join(ROOT, 'data', 'wfrp1e', 'encounters', 'demo.yaml'), 'utf8').replace(
      'WS: 45,',
      'WS: 450,',
    );
    await page.getByLabel('encounter YAML').fill(bad);
    await expect.poll(() => danger.textContent(), { timeout: 30_000 }).toContain('Not weighed until');
    expect(await danger.locator('.problems').textContent()).toContain(
      `line ${bad.split('\n').findIndex((l) => l.includes('WS: 450')) + 1}`,
    );
    expect(await danger.getByRole('alert').count()).toBe(0);
    expect(await danger.locator('.band-word').count()).toBe(0);

    const characterRow = page.locator('.builder .row', {
      has: page.getByLabel('character', { exact: true }),
    });
    await expect.poll(() => characterRow.locator('option').count()).toBe(3);
    await page.getByLabel('character', { exact: true }).selectOption('Helmut');
    await characterRow.getByRole('button', { name: 'add to Heroes' }).click();
    await page.getByLabel('creature').selectOption('goblin');
    const monsters = page
      .locator('.builder .row', { has: page.getByLabel('creature', { exact: true }) })
      .getByRole('button', { name: 'add to Monsters' });
    await monsters.click();

    // The first answer: a band, as a word, for the party's side, with Helmut's own chances.
    const band = danger.locator('.band-word');
    await expect.poll(() => band.count(), { timeout: 60_000 }).toBe(1);
    const first = (await band.textContent()) ?? '';
    expect(['easy', 'fair', 'hard']).toContain(first);
    expect(await danger.locator('.band').textContent()).toContain('for Heroes');
    expect(await danger.getByRole('table', { name: 'each of the party' }).textContent()).toContain('Helmut');
    const live = danger.locator('[aria-live="polite"]');
    await expect.poll(() => live.textContent()).toContain(`How deadly is it: ${first}`);
    expect(await danger.getByRole('link', { name: /help/ }).getAttribute('href')).toBe(
      '/docs/simulation#how-deadly-is-it',
    );
    await shoot(page, 'danger-first');
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      expect(await axeFindings(page, 'section.danger')).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: 'light' });

    // Six orcs more, with the keyboard alone: the answer shown is marked old at once, the band
    // still there, until the new one comes.
    await page.getByLabel('creature').selectOption('orc');
    await page.getByLabel('creature').focus();
    await pressByKeyboard(page, 'add to Monsters');
    for (let i = 0; i < 5; i++) await page.keyboard.press('Enter');
    await expect.poll(() => danger.locator('.danger-figures.old').count()).toBe(1);
    expect(await danger.locator('.updating').textContent()).toContain('Updating…');
    expect(await band.textContent()).toBe(first);
    expect(await danger.locator('.danger-figures').getAttribute('aria-busy')).toBe('true');
    // Dimmed, the old figures are still to be read.
    expect(await axeFindings(page, 'section.danger')).toEqual([]);
    await shoot(page, 'danger-updating');

    await expect.poll(() => danger.locator('.danger-figures.old').count(), { timeout: 90_000 }).toBe(0);
    expect(await band.textContent()).toBe('deadly');
    await expect.poll(() => live.textContent()).toContain('How deadly is it: deadly');
    expect(await danger.locator('.beyond').textContent()).toMatch(/^Not hard: /);
    await shoot(page, 'danger-deadly');

    // The smallest changes that make it what it was are one click away, each played on the
    // server: fewer orcs (all of them gone is the encounter before, on the same dice).
    const target = danger.locator('.danger-target');
    await target.getByRole('button', { name: first }).click();
    await expect.poll(() => target.textContent(), { timeout: 90_000 }).toContain(`To make it ${first}`);
    expect(await target.locator('.proposals').textContent()).toMatch(/orc fewer|no orc/);
    expect(await target.getByRole('button', { name: first }).getAttribute('aria-pressed')).toBe('true');
    expect(await axeFindings(page, 'section.danger')).toEqual([]);
    await shoot(page, 'danger-target');

    // Helmut is brought in by reference: a change to him (a wound kept after a fight) is weighed again.
    const party = await t.served.api<{ id: number; name: string; entry: { profile: object } }[]>(
      'GET',
      '/api/characters?ruleset=wfrp1e',
    );
    const helmut = party.find((c) => c.name === 'Helmut');
    expect(helmut).toBeDefined();
    const { id, entry } = helmut as NonNullable<typeof helmut>;
    const figuresBefore = await danger.locator('.danger-tables').textContent();
    await t.served.api('PUT', `/api/characters/${id}`, {
      ruleset: 'wfrp1e',
      party: true,
      text: JSON.stringify({ ...entry, profile: { ...entry.profile, W: 1 } }),
    });
    await expect.poll(() => danger.locator('.danger-figures.old').count()).toBe(1);
    await expect.poll(() => danger.locator('.danger-figures.old').count(), { timeout: 90_000 }).toBe(0);
    expect(await danger.locator('.danger-tables').textContent()).not.toBe(figuresBefore);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      expect(await axeFindings(page, 'section.danger')).toEqual([]);
    }
    expect(errors).toEqual([]);
    await page.close();
  });
});
