import { describe, expect, it } from 'vitest';
import {
  chapterRow,
  chapterTable,
  eventLine,
  lintEvent,
  statusLine,
  type RunEvent,
} from '../../src/core/run-render.js';
import type { LintReport } from '../../src/core/lint.js';

describe('lintEvent', () => {
  it('rules by severity, each once, with the 字数 and cliché rate', () => {
    const report = {
      chapter: 4,
      source: 'staging',
      zishu: 3000,
      metrics: { blacklist_per_kchars: 1.5 },
      ai_flavour: { score: 0.42, features: {}, contributions: [] },
      findings: [
        { rule: 'zishu_low', severity: 'hard', message: '' },
        { rule: 'blacklist', severity: 'soft', message: '' },
        { rule: 'blacklist', severity: 'soft', message: '' },
        { rule: 'opening', severity: 'warn', message: '' },
      ],
    } as unknown as LintReport;
    expect(lintEvent('chapter:004:draft', report)).toEqual({
      event: 'lint',
      step: 'chapter:004:draft',
      zishu: 3000,
      hard: ['zishu_low'],
      soft: ['blacklist'],
      blacklist_per_kchars: 1.5,
      ai_flavour: 0.42,
    });
  });
});

describe('eventLine', () => {
  it('executor and advance lines', () => {
    expect(
      eventLine(
        { event: 'executor', executor: 'claude', model: 'opus', box: { state: 'on', detail: '/usr/bin/bwrap' } },
        false,
      ),
    ).toBe(
      'executor: claude (model opus); box: on (bubblewrap /usr/bin/bwrap): ' +
        'executors may write staging/ only, and nothing outlives its step',
    );
    expect(
      eventLine(
        {
          event: 'executor',
          executor: 'claude',
          model: null,
          box: { state: 'unavailable', detail: 'bwrap not found on PATH' },
        },
        false,
      ),
    ).toBe(
      'executor: claude; box: unavailable (bwrap not found on PATH): ' +
        'executors run with all of your rights; the step guard only detects',
    );
    expect(
      eventLine({ event: 'executor', executor: 'demo', model: 'demo', box: { state: 'demo', detail: '' } }, false),
    ).toMatch(/^executor: demo \(model demo\); box: not needed/);
    expect(
      eventLine(
        { event: 'advanced', step: 'chapter:004:judge', to: 'chapter:004:commit', gate: 'pass', overall: 4.2 },
        false,
      ),
    ).toBe('✓ chapter:004:judge → chapter:004:commit (gate pass, overall 4.2)');
    expect(
      eventLine(
        { event: 'advanced', step: 'chapter:004:draft', to: 'chapter:004:summarize', gate: null, overall: null },
        false,
      ),
    ).toBe('✓ chapter:004:draft → chapter:004:summarize');
    expect(eventLine({ event: 'committed', step: 'chapter:004:commit', recovered: true }, false)).toBe(
      '✓ chapter:004:commit committed (an interrupted commit rolled forward)',
    );
  });

  it('the packet path, prompts, results and usage only when verbose', () => {
    const exec: RunEvent = {
      event: 'execute',
      step: 's',
      agent: 'chapter-writer',
      mode: 'draft',
      attempt: 2,
      packet: 'p.json',
    };
    expect(eventLine(exec, false)).toBe('… s: chapter-writer (draft), attempt 2');
    expect(eventLine(exec, true)).toBe('… s: chapter-writer (draft), attempt 2 — packet p.json');
    expect(eventLine({ ...exec, attempt: 1 } as RunEvent, false)).toBe('… s: chapter-writer (draft)');
    const prompt: RunEvent = { event: 'prompt', step: 's', prompt: 'a\n\nb' };
    expect(eventLine(prompt, false)).toBeNull();
    expect(eventLine(prompt, true)).toBe('  prompt: a b');
    const result: RunEvent = {
      event: 'executor_result',
      step: 's',
      ok: true,
      message: 'done',
      duration_ms: 12,
      log: 'l.txt',
    };
    expect(eventLine(result, false)).toBeNull();
    expect(eventLine(result, true)).toBe('  executor: done (12 ms), log l.txt');
    const usage: RunEvent = { event: 'usage', step: 's', input_tokens: 5 };
    expect(eventLine(usage, false)).toBeNull();
    expect(eventLine(usage, true)).toBe('  usage: 5 in / ? out tokens, $?');
  });

  it('invalid outputs list their problems indented', () => {
    const line = eventLine({ event: 'invalid_outputs', step: 's', attempt: 1, problems: ['p1', 'p2'] }, false)!;
    expect(line.split('\n').slice(1)).toEqual(['    p1', '    p2']);
  });

  it('lint line: clean or with the rules', () => {
    expect(
      eventLine(
        { event: 'lint', step: 's', zishu: 3000, hard: [], soft: [], blacklist_per_kchars: 0.5, ai_flavour: 0.08 },
        false,
      ),
    ).toBe('  lint: 3000 字, AI flavour 0.08, AI clichés 0.5 per 1,000 字; clean');
    expect(
      eventLine(
        {
          event: 'lint',
          step: 's',
          zishu: 10,
          hard: ['a', 'b'],
          soft: ['c'],
          blacklist_per_kchars: 0,
          ai_flavour: 0.95,
        },
        false,
      ),
    ).toBe('  lint: 10 字, AI flavour 0.95, AI clichés 0 per 1,000 字; hard: a, b; soft: c');
    expect(
      eventLine(
        {
          event: 'lint',
          step: 's',
          zishu: 10,
          hard: ['ai_flavour'],
          soft: [],
          blacklist_per_kchars: 0,
          ai_flavour: 0.95,
        },
        false,
        'zh',
      ),
    ).toBe('  检查：10 字，AI味 0.95，AI 套话每千字 0 处；硬伤：ai_flavour');
  });

  it('Chinese lines', () => {
    expect(
      eventLine(
        { event: 'executor', executor: 'claude', model: 'opus', box: { state: 'off', detail: '' } },
        false,
        'zh',
      ),
    ).toBe(
      '执行器：claude（模型 opus）; 沙箱：已关闭（executor.sandbox ' +
        '为 "off"）：执行器拥有你的全部权限，只有步骤守卫事后检查',
    );
  });
});

describe('statusLine', () => {
  const spent = { tokens: 1234, cost_usd: 0.5, cost_unknown: false };
  it('a chapter: position in the run, clock, revision and spending', () => {
    expect(
      statusLine({ step: 'chapter:012:judge', revision: 1, first: 10, target: 14, elapsed_ms: 125_999, spent }),
    ).toBe('  ▶ chapter 12 (3/5) · judge · 02:05 · revision 1 · 1234 tokens · $0.5000');
  });
  it('a volume: no revision', () => {
    expect(
      statusLine({
        step: 'volume:02:plan',
        revision: 0,
        first: 1,
        target: 1,
        elapsed_ms: 0,
        spent: { tokens: 0, cost_usd: 0, cost_unknown: true },
      }),
    ).toBe('  ▶ volume 2 · plan · 00:00 · 0 tokens · ?');
  });
});

describe('chapter rows and table', () => {
  it('a row from a chapter log', () => {
    const log = {
      zishu: 3100,
      overall: 4.1,
      gate: { decision: 'pass', overall_final: 3.9 },
      revisions: 1,
      stages: [
        { executor: 'claude', duration_ms: 1000, input_tokens: 10, output_tokens: 5, cost_usd: 0.1 },
        { executor: 'claude', duration_ms: 500, input_tokens: 1, output_tokens: 1, cost_usd: 0.2 },
      ],
    };
    expect(chapterRow(4, log)).toEqual({
      chapter: 4,
      zishu: 3100,
      overall: 4.1,
      gate: 'pass',
      revisions: 1,
      duration_ms: 1500,
      tokens: 17,
      cost_usd: 0.3,
    });
  });

  it('gate: force pass, decision or null; overall falls back to the gate; unknown cost is null', () => {
    expect(chapterRow(1, { gate: { force_passed: true, decision: 'revise', overall_final: 3.1 } })).toMatchObject({
      gate: 'force pass',
      overall: 3.1,
      revisions: 0,
      duration_ms: 0,
    });
    expect(chapterRow(1, {})).toMatchObject({ gate: null, overall: null, cost_usd: 0 });
    expect(chapterRow(1, { stages: [{ executor: 'codex' }] }).cost_usd).toBeNull();
  });

  it('the table: empty for no rows, else a header and a line per row', () => {
    expect(chapterTable([])).toBe('');
    const t = chapterTable([
      {
        chapter: 4,
        zishu: 3100,
        overall: 4.1,
        gate: 'pass',
        revisions: 1,
        duration_ms: 1500,
        tokens: 17,
        cost_usd: 0.3,
      },
      { chapter: 5, zishu: 10, overall: null, gate: null, revisions: 0, duration_ms: 0, tokens: 0, cost_usd: null },
    ]);
    const lines = t.split('\n');
    expect(lines.slice(0, 2)).toEqual(['', '']);
    expect(lines[2]).toBe('chapter   字数  overall  gate              revisions  time      tokens  cost');
    expect(lines[3]).toBe('      4   3100      4.1  pass                      1    1.5s        17  $0.3000');
    expect(lines[4]!.endsWith('?')).toBe(true);
    expect(lines[4]).toContain('      -  -   ');
  });
});
