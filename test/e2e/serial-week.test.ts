/**
 * A week of a daily serial (PROTOCOL §18) through the built CLI and a real
 * Chromium: three chapters written a day for three days (NOVEL_NOW sets each
 * day), two published a day; the 存稿, today's 字数 and the streak in
 * `status`, upload-ready files for the chapters written, and `serve`'s
 * 90-day calendar with the three days met.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, novelBin, novelBinAsync, tempDir } from '../helpers/project.js';
import { chromiumPath, serve } from '../helpers/serve.js';

afterAll(cleanupTempDirs);

const browserPath = chromiumPath();
const required = process.env.NOVEL_BROWSER_TESTS === 'required';
const json = (r: { stdout: string }) => JSON.parse(r.stdout);
const DAYS = ['2026-11-20', '2026-11-21', '2026-11-22'];
/** Ten in the morning in Shanghai: the book's own day. */
const at = (date: string) => ({ NOVEL_NOW: `${date}T10:00:00+08:00` });

describe.skipIf(!browserPath && !required)('a week of a daily serial', () => {
  it('3 chapters a day, 2 published a day: the 存稿, the streak, the upload files and the calendar', async () => {
    if (!browserPath) throw new Error('NOVEL_BROWSER_TESTS=required but no Chromium was found');
    const dir = join(tempDir(), 'serial');
    expect(novelBin(process.cwd(), ['init', '--demo', dir]).code).toBe(0);
    const configPath = join(dir, 'novel.config.json');
    const config = JSON.parse(readFileSync(configPath, 'utf8'));
    writeFileSync(configPath, JSON.stringify({ ...config, serial: { daily_zishu: 6000, timezone: 'Asia/Shanghai' } }));
    // A book of three chapters: the charts' chapter axis has whole chapters only (never 1.5).
    const small = await serve(dir);
    const browserSmall = await chromium.launch({ executablePath: browserPath, args: ['--no-sandbox'] });
    try {
      const p = await browserSmall.newPage();
      await p.goto(small.base);
      await p.waitForSelector('#chart-zishu[data-x-ticks]');
      for (const id of ['chart-zishu', 'chart-score', 'chart-cost']) {
        const ticks = ((await p.getAttribute(`#${id}`, 'data-x-ticks')) ?? '').split(',').map(Number);
        expect(ticks.length, id).toBeGreaterThan(0);
        expect(ticks.every(Number.isInteger), `${id}: ${ticks}`).toBe(true);
      }
    } finally {
      await browserSmall.close();
      await small.stop();
    }
    // The demo's three chapters are the opening, published before the week.
    expect(novelBin(dir, ['publish', '--through', '3', '--date', '2026-11-19']).code).toBe(0);
    for (const [i, day] of DAYS.entries()) {
      const run = await novelBinAsync(dir, ['run', '--chapters', '3', '--executor', 'demo'], at(day));
      expect(run.code, run.stdout + run.stderr).toBe(0);
      const published = novelBin(dir, ['publish', '--through', String(3 + 2 * (i + 1)), '--json'], at(day));
      expect(published.code, published.stderr).toBe(0);
      expect(json(published).data).toMatchObject({ date: day, published: [4 + 2 * i, 5 + 2 * i] });
      const status = json(novelBin(dir, ['status', '--json'], at(day))).data;
      expect(status.serial.published).toBe(3 + 2 * (i + 1));
      expect(status.serial.stock.chapters).toBe(i + 1);
      expect(status.daily).toMatchObject({ goal: 6000, today: { date: day }, met: true, streak: i + 1 });
      expect(status.daily.today.zishu).toBeGreaterThan(6000);
    }
    // The morning after, nothing written yet: the streak stands on yesterday; 存稿 3 chapters.
    const next = novelBin(dir, ['status', '--lang', 'zh'], at('2026-11-23'));
    expect(next.stdout).toMatch(/今日：0 \/ 6000 字（0%）；连续达标 3 天/);
    expect(next.stdout).toMatch(/存稿（已入库未发布）3 章/);
    // A day without writing ends it.
    expect(json(novelBin(dir, ['status', '--json'], at('2026-11-24'))).data.daily.streak).toBe(0);

    // Upload-ready files of the week's chapters.
    const out = join(tempDir(), 'upload');
    expect(novelBin(dir, ['export', '--upload', '--from', '4', '--to', '12', '--out', out]).code).toBe(0);
    expect(readdirSync(out)).toHaveLength(9);
    for (let n = 4; n <= 12; n++) {
      const text = readFileSync(join(out, `chapter-${String(n).padStart(3, '0')}.txt`), 'utf8');
      expect(text.split('\n')[0]).toMatch(new RegExp(`^第${n}章 `));
      expect(text).not.toMatch(/^#|\*\*/m);
      expect(text.split('\n')[2]?.startsWith('\u3000\u3000')).toBe(true);
    }

    // serve draws the last 90 days, the week's three met.
    const s = await serve(dir, [], at('2026-11-22'));
    const browser = await chromium.launch({ executablePath: browserPath, args: ['--no-sandbox'] });
    try {
      const p = await browser.newPage();
      await p.goto(s.base);
      await p.waitForSelector('#goal-calendar .day');
      expect(await p.locator('#goal-calendar .day').count()).toBe(90);
      const met = await p
        .locator('#goal-calendar .day.met')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-date')));
      expect(met).toEqual(DAYS);
      expect(await p.textContent('#daily-today')).toContain('/6000');
      expect(await p.textContent('#daily-today')).toContain('连续达标 3 天');
    } finally {
      await browser.close();
      await s.stop();
    }
  }, 300_000);
});
