import { describe, expect, it } from 'vitest';
import { findingLines, lintHead, lintReportLines, lintSummary } from '../../src/core/lint-render.js';
import type { LintFinding, LintReport } from '../../src/core/lint.js';

const hard: LintFinding = {
  rule: 'zishu_low',
  severity: 'hard',
  message: 'too short',
  fix: 'expand it',
  message_zh: '太短',
  fix_zh: '补写',
  line: 3,
  excerpt: '…雨…',
};
const soft: LintFinding = {
  rule: 'blacklist',
  severity: 'soft',
  message: 'clichés',
  fix: 'vary',
  message_zh: '套话',
  fix_zh: '换个说法',
};
const report = (findings: LintFinding[]): LintReport =>
  ({
    chapter: 4,
    source: 'staging',
    zishu: 1200,
    paragraphs: 10,
    sentences: 40,
    metrics: { blacklist_hits: 2, blacklist_per_kchars: 1.67, dialogue_ratio: 0.256 },
    ai_flavour: { score: 0.31, features: {}, contributions: [] },
    findings,
  }) as unknown as LintReport;

describe('lint rendering', () => {
  it('a finding: severity, rule, line, message, excerpt, then the fix', () => {
    expect(findingLines(hard)).toEqual(['hard zishu_low (line 3): too short — …雨…', '     fix: expand it']);
    expect(findingLines(soft)).toEqual(['soft blacklist: clichés', '     fix: vary']);
    // In Chinese: the report's message_zh and fix_zh.
    expect(findingLines(hard, 'zh')).toEqual(['硬伤 zishu_low（第 3 行）：太短 —— …雨…', '     改法：补写']);
  });
  it('the head line', () => {
    expect(lintHead(report([]))).toBe(
      'chapter 4 (staging): 1200 字, 10 paragraph(s), 40 sentence(s); AI ' +
        'flavour 0.31; AI clichés 2 (1.67 per 1,000 字), dialogue 26%',
    );
    expect(lintHead(report([]), 'zh')).toBe(
      '第4章（暂存区）：1200 字，10 段，40 句；AI味 0.31；AI 套话 2 处（每千字 1.67 处），对白占 26%',
    );
  });
  it('the full report', () => {
    expect(lintReportLines(report([]))).toEqual([lintHead(report([])), 'no findings']);
    expect(lintReportLines(report([]), 'zh')).toEqual([lintHead(report([]), 'zh'), '没有发现问题']);
    expect(lintReportLines(report([hard, soft]))).toHaveLength(5);
  });
  it('the summary: counts, the hard findings with their fixes, then each soft one on a line, indented', () => {
    expect(lintSummary(report([hard, soft]))).toEqual([
      'lint: 1200 字, 1 hard, 1 soft, 0 warn; AI flavour 0.31; AI clichés 1.67 per 1,000 字',
      '  hard zishu_low (line 3): too short — …雨…',
      '       fix: expand it',
      '  soft blacklist: clichés',
    ]);
    expect(lintSummary(report([soft])).slice(1)).toEqual(['  soft blacklist: clichés']);
    expect(lintSummary(report([]), 'zh')[0]).toBe(
      '检查：1200 字，硬伤 0，提示 0，留意 0；AI味 0.31；AI 套话每千字 1.67 处',
    );
  });
});
