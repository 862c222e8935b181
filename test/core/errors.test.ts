import { describe, expect, it } from 'vitest';
import { diagnosticsError, EXIT, NovelError } from '../../src/core/errors.js';
import { render, said } from '../../src/core/messages.js';
import { errorAt, warningAt } from '../../src/schemas/diagnostics.js';

describe('NovelError', () => {
  it('carries its code, exit code (invalid by default), said words with their English, hint and details', () => {
    const e = new NovelError('lock_held', said('locking.held', { holder: 'pid 1' }), {
      exitCode: EXIT.lockHeld,
      hint: said('error.next_hint'),
      details: { pid: 1 },
    });
    expect(e).toBeInstanceOf(Error);
    expect(e).toMatchObject({
      name: 'NovelError',
      code: 'lock_held',
      message: 'the project is locked by pid 1',
      exitCode: 3,
      details: { pid: 1 },
    });
    expect(e.hint).toBe('run `novel next` to see what to do');
    expect(render('zh', e.said)).toBe('项目已被占用：pid 1');
    const d = new NovelError('bad', said('cmd.internal', { message: 'x' }));
    expect(d.exitCode).toBe(EXIT.invalid);
    expect(d.hint).toBeUndefined();
    expect(d.details).toBeUndefined();
  });
  it('exit codes of §11', () => {
    expect(EXIT).toEqual({ ok: 0, internal: 1, invalid: 2, lockHeld: 3 });
  });
});

describe('diagnosticsError', () => {
  it('lists the errors with their fixes in the reader’s language, keeps every diagnostic in details', () => {
    const ds = [
      errorAt('a', 'f.json', { expected: 'x', found: 'y', fix: said('error.next_hint') }),
      warningAt('w', 'g.md', { message: 'meh' }),
      errorAt('b', 'h.md', { message: said('diagnostic.missing') }),
    ];
    const e = diagnosticsError('invalid_outputs', said('cmd.internal', { message: 'x' }), ds, said('error.next_hint'));
    expect(e.message).toBe(
      'internal error: x\n  - f.json: expected x, found y (fix: run `novel ' +
        'next` to see what to do)\n  - h.md: nothing (the field is missing)',
    );
    expect(render('zh', e.said)).toBe(
      '内部错误：x\n  - f.json：应为 x，实为 y（修复：运行 `novel next` 查看下一步）\n  - h.md：缺少该字段',
    );
    expect(e.code).toBe('invalid_outputs');
    expect(e.hint).toBe('run `novel next` to see what to do');
    expect(e.details).toEqual({ diagnostics: ds });
    expect(diagnosticsError('c', said('cmd.internal', { message: 'x' }), []).hint).toBeUndefined();
  });
});
