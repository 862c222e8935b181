/**
 * `novel serve` in a real Chromium (playwright-core driving the system
 * browser): the demo book's dashboard, a live run appearing step by step, a
 * chapter read in Chinese, and no console errors. Where Chromium is missing
 * the tests are skipped with one loud line; `.ci/run` installs it and sets
 * NOVEL_BROWSER_TESTS=required, which turns a missing browser into a failure.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { cleanupTempDirs, novelBin, novelBinAsync, tempDir } from '../helpers/project.js';
import { chromiumPath, serve, type Served } from '../helpers/serve.js';

const browserPath = chromiumPath();
const required = process.env.NOVEL_BROWSER_TESTS === 'required';
if (!browserPath && !required) {
  process.stderr.write(
    '\n!!! BROWSER TESTS SKIPPED: no Chromium found (apt-get install chromium, or ' +
      'set CHROMIUM_PATH); `.ci/run` installs it and makes them required !!!\n\n',
  );
}

describe.skipIf(!browserPath && !required)('novel serve in Chromium', () => {
  let dir: string;
  let s: Served;
  let browser: Browser;
  const consoleErrors: string[] = [];

  async function page(path = '/'): Promise<Page> {
    const p = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    p.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(`${path}: ${m.text()}`);
    });
    p.on('pageerror', (e) => consoleErrors.push(`${path}: ${String(e)}`));
    await p.goto(`${s.base}${path}`);
    return p;
  }

  beforeAll(async () => {
    if (!browserPath)
      throw new Error('NOVEL_BROWSER_TESTS=required but no Chromium was found (apt-get install chromium)');
    // The demo's book, as `npm run demo` leaves it: 33 chapters across a volume boundary.
    dir = join(tempDir(), 'demo-project');
    expect(novelBin(process.cwd(), ['init', '--demo', dir]).code).toBe(0);
    expect(
      (await novelBinAsync(dir, ['run', '--chapters', '1', '--executor', 'demo'], { NOVEL_DEMO_SCORES: '3.2,4.3' }))
        .code,
    ).toBe(0);
    expect((await novelBinAsync(dir, ['run', '--to-chapter', '33', '--executor', 'demo'])).code).toBe(0);
    s = await serve(dir);
    browser = await chromium.launch({ executablePath: browserPath, args: ['--no-sandbox'] });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await s?.stop();
    cleanupTempDirs();
  });

  it('shows the demo book at a glance: 33 chapters, the charts and the foreshadowing timeline', async () => {
    const p = await page();
    await p.waitForSelector('#chapters-table tbody tr');
    expect(await p.textContent('#chapters-count')).toContain('33');
    // The demo's first chapters have no record of their spending: the table says ?, and so does the card.
    expect(await p.textContent('#cost-total')).toContain('?');
    expect(await p.textContent('#chapters-count')).toContain('已入库');
    expect(await p.locator('#chapters-table tbody tr').count()).toBe(33);
    expect(await p.textContent('#page-info')).toContain('33');
    for (const id of ['chart-zishu', 'chart-score', 'chart-density', 'chart-cost'])
      expect(await p.locator(`#${id} canvas`).count(), id).toBeGreaterThan(0);
    await p.waitForSelector('#timeline-list .tl-row');
    expect(await p.locator('#timeline-list .tl-row').count()).toBeGreaterThan(0);
    expect(await p.locator('#timeline-list .tl-row a[href^="#/chapter/"]').count()).toBeGreaterThan(0);
    await p.waitForSelector('#character-list .card');
    // The continuity view: each character's facts by chapter (云婉清 dead before the book begins, a realm by name).
    await p.waitForSelector('#continuity-view table.continuity tr');
    const continuity = (await p.textContent('#continuity-view')) ?? '';
    expect(continuity).toContain('云婉清');
    expect(continuity).toContain('境界：炼气');
    await p.waitForSelector('#book-machine rect.current');
    expect(await p.locator('#chapter-machine rect.current').getAttribute('data-state')).toBe('draft');
    // The machine view names its states in the reader's language, not by their ids (titleFix, polishing).
    const machines = (await p.textContent('#machine-view')) ?? '';
    expect(machines).toContain('改标题');
    expect(machines).toContain('打磨');
    expect(machines).not.toMatch(/titleFix|polishing|hookFix/);
    expect(await p.getAttribute('html', 'lang')).toBe('zh-CN');
    await p.close();
  });

  it('shows a novel run in another terminal step by step as it happens', async () => {
    const p = await page();
    await p.waitForSelector('#live.on');
    const run = novelBinAsync(dir, ['run', '--chapters', '2', '--executor', 'demo']);
    // The first step appears while the run is still going or just after; then every step of both chapters.
    await p.waitForSelector('#live-log li[data-step="chapter:034:draft"]', { timeout: 30_000 });
    expect((await run).code).toBe(0);
    await p.waitForSelector('#live-log li[data-event="commit"][data-step="chapter:035:commit"]', { timeout: 30_000 });
    const steps = await p.$$eval('#live-log li', (lis) =>
      lis.map((li) => `${li.getAttribute('data-event')} ${li.getAttribute('data-step')}`).reverse(),
    );
    const advances = steps.filter((x) => x.startsWith('advance '));
    expect(advances).toEqual([
      'advance chapter:034:draft',
      'advance chapter:034:summarize',
      'advance chapter:034:audit',
      'advance chapter:034:refine',
      'advance chapter:034:judge',
      'advance chapter:035:draft',
      'advance chapter:035:summarize',
      'advance chapter:035:audit',
      'advance chapter:035:refine',
      'advance chapter:035:judge',
    ]);
    expect(steps.indexOf('commit chapter:034:commit')).toBeGreaterThan(steps.indexOf('advance chapter:034:judge'));
    // The rest of the page follows: 35 chapters now.
    await p.waitForFunction(() => document.querySelector('#chapters-count')?.textContent?.includes('35'), undefined, {
      timeout: 30_000,
    });
    await p.close();
  }, 120_000);

  it('opens a chapter from the table and reads it in Chinese, with its lint and evaluation', async () => {
    const p = await page();
    await p.waitForSelector('#chapters-table tbody tr');
    await p.click('#chapters-table tbody tr:nth-child(6) td:nth-child(2) a');
    await p.waitForSelector('.reader h1');
    expect(await p.textContent('.reader h1')).toMatch(/^第6章/);
    const body = (await p.textContent('.reader')) ?? '';
    expect(body.length).toBeGreaterThan(2000);
    expect(body).toMatch(/[\u4e00-\u9fff]{8}/);
    const font = await p.$eval('.reader', (el) => getComputedStyle(el).fontFamily);
    expect(font).toMatch(/Noto Serif CJK SC|Source Han Serif SC|Songti SC/);
    await p.waitForSelector('#lint');
    await p.waitForSelector('#evaluation li');
    await p.close();
  });

  it('puts two drafts side by side for a chapter that was revised', async () => {
    const p = await page('/#/chapter/4');
    await p.waitForSelector('#draft-diff');
    expect(await p.locator('#draft-diff span.del, #draft-diff span.add').count()).toBeGreaterThan(0);
    await p.close();
  });

  it('reads on a phone screen', async () => {
    const p = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true });
    p.on('pageerror', (e) => consoleErrors.push(`phone: ${String(e)}`));
    await p.goto(`${s.base}/`);
    await p.waitForSelector('#chapters-table tbody tr');
    const overflow = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await p.close();
  });

  it('logged no console error on any page', () => {
    expect(consoleErrors).toEqual([]);
  });
});
