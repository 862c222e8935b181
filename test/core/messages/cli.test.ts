/** The cli area's messages: each in both languages, over the same arguments; the help of every command in both. */
import { describe, expect, it } from 'vitest';
import { columns, commandHelp, wideText } from '../../../src/cli-help.js';
import { COMMAND_TABLE, newCli } from '../../../src/command-table.js';
import { messageGroups } from '../../../src/core/messages.js';
import { CLI_GROUPS } from '../../../src/core/messages/cli.js';
import { catalogueProblems, groupsOf } from '../../helpers/catalogue.js';

describe('the cli messages', () => {
  it('are each in English and Chinese, over the same arguments', () => {
    expect(catalogueProblems(groupsOf(CLI_GROUPS))).toEqual([]);
  });

  it(
    'hold the help of every command, and nothing else: each ' + 'id a command names is there, each help entry is named',
    async () => {
      const named = new Set(['help.usage', 'help.options', 'help.details', 'help.examples', 'help.footer']);
      for (const c of COMMAND_TABLE) {
        const cls = await c.load();
        const [definition] = newCli([cls], false).definitions();
        const usage = cls.usage ?? {};
        for (const id of [
          usage.category,
          usage.description,
          usage.details,
          ...(usage.examples ?? []).map(([label]) => label),
          ...(definition?.options ?? []).map((o) => o.description),
        ])
          named.add(String(id));
      }
      const help = messageGroups().help ?? [];
      expect(
        [...named].filter((id) => !help.includes(id)),
        'named, not in the catalogue',
      ).toEqual([]);
      expect(
        help.filter((id) => !named.has(id)),
        'in the catalogue, named by no command',
      ).toEqual([]);
    },
  );

  it(
    'a Chinese paragraph is filled to 80 columns, every character ' +
      'kept, no line opening on a comma or a closing mark',
    () => {
      const paragraph =
        `${'书稿的每一章都先起草，再写摘要、润色、评审（闸门决定是否入库）；'.repeat(6)}` +
        `最后运行 \`novel commit --chapter 4\` 入库。`;
      const text = wideText(`${paragraph}\n\n- 列表项：${paragraph}`, true);
      const lines = text.trimEnd().split('\n');
      for (const line of lines) expect(columns(line), line).toBeLessThanOrEqual(80);
      for (const line of lines) expect(line, line).not.toMatch(/^[\uff0c\u3002\u3001\uff1b\uff1a\uff09]/);
      const [first, list] = text.trimEnd().split('\n\n') as [string, string];
      expect(first.split('\n').join('').replace(/ /g, '')).toBe(paragraph.replace(/ /g, ''));
      expect(list.startsWith('- 列表项：')).toBe(true);
      expect(
        list
          .split('\n')
          .slice(1)
          .every((l) => l.startsWith('  ')),
      ).toBe(true);
      expect(wideText('一行说明', false)).toBe('一行说明\n');
    },
  );

  it("lays a command's help out as clipanion does, in the reader's language", () => {
    const h = {
      name: 'novel',
      prefix: '$ ',
      synopsis: 'novel next',
      options: [{ definition: '--json', description: 'help.--json' }],
      description: 'help.next.description',
      details: 'help.next.details',
      examples: [['help.next.example.1', '$0 next']] as const,
    };
    const en = commandHelp('en', h);
    expect(
      en.startsWith(
        'Print the next step of the pipeline (read-only)\n\nUsage\n\n$ novel ' +
          'next\n\nOptions\n\n  --json    Print exactly one JSON object',
      ),
    ).toBe(true);
    expect(en.endsWith('Examples\n\nPrint the next step id\n  $ novel next\n')).toBe(true);
    const zh = commandHelp('zh', h);
    expect(
      zh.startsWith('打印流水线的下一步（只读）\n\n用法\n\n$ novel next\n\n选项\n\n  --json    在标准输出打印'),
    ).toBe(true);
    expect(zh.endsWith('示例\n\n打印下一步的步骤编号\n  $ novel next\n')).toBe(true);
  });
});
