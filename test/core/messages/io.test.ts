/** The io area's messages: each in both languages, over the same arguments. */
import { describe, expect, it } from 'vitest';
import { describeDiff, diffHint } from '../../../src/core/fingerprint-rules.js';
import { render, said } from '../../../src/core/messages.js';
import { IO_GROUPS } from '../../../src/core/messages/io.js';
import { errorAt } from '../../../src/schemas/diagnostics.js';
import { aboutFile, at, diagnosticWords, fileNotDirectory, notUtf8 } from '../../../src/io/said-at.js';
import { NovelError } from '../../../src/core/errors.js';
import { catalogueProblems, groupsOf } from '../../helpers/catalogue.js';

describe('the io messages', () => {
  it('are each in English and Chinese, over the same arguments', () => {
    expect(catalogueProblems(groupsOf(IO_GROUPS))).toEqual([]);
  });

  it('say a fingerprint diff as the core lists it, in English', () => {
    for (const diff of [
      { changed: ['chapters/chapter-001.md'], added: [], removed: [] },
      { changed: [], added: ['volumes/vol-01/x.md', 'y.md'], removed: ['z.md'] },
      { changed: ['a'], added: ['b'], removed: ['c'] },
    ]) {
      expect(render('en', said('fingerprint.list', diff))).toBe(describeDiff(diff).join('; '));
      expect(render('en', said('fingerprint.changed.hint', diff))).toBe(diffHint(diff));
      expect(render('en', said('fingerprint.changed', diff))).toBe(
        `the book's final trees changed outside novel since the last recorded fingerprint:\n${describeDiff(diff)
          .map((l) => `  - ${l}`)
          .join('\n')}`,
      );
    }
    expect(render('zh', said('fingerprint.changed', { changed: ['a.md'], added: [], removed: ['b.md'] }))).toBe(
      '自上次记录指纹以来，书稿文件在 novel 之外被改动：\n  - 改动：a.md\n  - 删除：b.md',
    );
  });

  it('name the file of a refusal so that a diagnostic of that file can leave it out', () => {
    const err = new NovelError('not_a_file', at('staging/x.md', fileNotDirectory()));
    expect(err.message).toBe('staging/x.md: expected a file, found a directory');
    const d = errorAt(err.code, 'staging/x.md', { message: aboutFile(err, 'staging/x.md') });
    expect(d.message).toBe(err.message);
    expect(render('zh', diagnosticWords(d))).toBe('staging/x.md：应为 文件，实为 目录');
    // A refusal that names another file keeps it.
    expect(
      aboutFile(
        new NovelError('link_refused', at('staging', said('fs.link', { what: said('fs.link.as_directory') }))),
        'staging/x.md',
      ),
    ).toMatchObject({ id: 'fs.at' });
  });

  it('say a diagnostic whole, in either language, when its parts are said', () => {
    const d = errorAt('invalid_utf8', 'chapters/chapter-001.md', notUtf8(7));
    expect(render('en', diagnosticWords(d))).toBe(d.message);
    expect(render('zh', diagnosticWords(d))).toBe(
      'chapters/chapter-001.md：应为 UTF-8 文本，实为 第 7 字节处是无效的 UTF-8 字节序列',
    );
    const field = errorAt('invalid_x', 'a.json', { field: 'k', message: said('fs.dotdot') });
    expect(render('en', diagnosticWords(field))).toBe(field.message);
    // Parts that are data (a shape, a value) are shown as they are, in the reader's frame.
    const plain = errorAt('invalid_x', 'a.json', { expected: 'integer', found: '"x"' });
    expect(render('en', diagnosticWords(plain))).toBe(plain.message);
    expect(render('zh', diagnosticWords(plain))).toBe('a.json：应为 integer，实为 "x"');
  });

  it('say the refusals of the project shape in Chinese', () => {
    expect(render('zh', at('a/b', said('fs.shape', { code: 'EACCES' })))).toBe('a/b：没有权限打开该文件（EACCES）');
    expect(render('en', at('a/b', said('fs.shape', { code: 'EACCES' })))).toBe(
      'a/b: a file novel may not open (permissions) (EACCES)',
    );
    expect(
      render(
        'zh',
        said('projectdir.none', {
          where: said('projectdir.where.search', { file: '.checkpoint.json' }),
          dir: '/tmp/x',
          file: '.checkpoint.json',
        }),
      ),
    ).toBe('当前目录及其上级目录中都没有 .checkpoint.json：/tmp/x 不是 novel 项目（没有 .checkpoint.json）');
  });
});
