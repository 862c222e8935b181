import { describe, expect, it } from 'vitest';
import { diagnosticsError, EXIT, NovelError } from '../../src/core/errors.js';
import { errorAt, warningAt } from '../../src/schemas/diagnostics.js';

describe('NovelError', () => {
  it('carries its code, exit code (invalid by default), hint and details', () => {
    const e = new NovelError('lock_held', 'held', { exitCode: EXIT.lockHeld, hint: 'wait', details: { pid: 1 }, zh: { message: '被占用' } });
    expect(e).toBeInstanceOf(Error);
    expect(e).toMatchObject({ name: 'NovelError', code: 'lock_held', message: 'held', exitCode: 3, hint: 'wait', details: { pid: 1 }, zh: { message: '被占用' } });
    const d = new NovelError('bad', 'bad input');
    expect(d.exitCode).toBe(EXIT.invalid);
    expect(d.hint).toBeUndefined();
    expect(d.details).toBeUndefined();
  });
  it('exit codes of §11', () => {
    expect(EXIT).toEqual({ ok: 0, internal: 1, invalid: 2, lockHeld: 3 });
  });
});

describe('diagnosticsError', () => {
  it('lists the errors with their fixes, keeps every diagnostic in details', () => {
    const ds = [errorAt('a', 'f.json', { expected: 'x', found: 'y', fix: 'do z' }), warningAt('w', 'g.md', { message: 'meh' }), errorAt('b', 'h.md', { message: 'broken' })];
    const e = diagnosticsError('invalid_outputs', 'outputs are invalid', ds, 'run it again');
    expect(e.message).toBe('outputs are invalid\n  - f.json: expected x, found y (fix: do z)\n  - h.md: broken');
    expect(e.code).toBe('invalid_outputs');
    expect(e.hint).toBe('run it again');
    expect(e.details).toEqual({ diagnostics: ds });
    expect(diagnosticsError('c', 's', []).hint).toBeUndefined();
  });
});
