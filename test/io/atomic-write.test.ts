import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeFileAtomicSync } from '../../src/io/atomic-write.js';

const dir = mkdtempSync(join(tmpdir(), 'novel-atomic-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('writeFileAtomicSync', () => {
  it('writes the bytes, and puts the exit listeners on the signals once, not once per write', () => {
    const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
    const count = () => signals.map((s) => process.listeners(s).length);
    writeFileAtomicSync(join(dir, 'a.json'), '{}\n');
    const afterFirst = count();
    // signal-exit's listeners stay on after the first write (before, each write put them on and took them off).
    for (const n of afterFirst) expect(n).toBeGreaterThan(0);
    let changes = 0;
    const watch = (event: string | symbol) => {
      if (typeof event === 'string' && event.startsWith('SIG')) changes++;
    };
    process.on('newListener', watch);
    process.on('removeListener', watch);
    try {
      for (let i = 0; i < 5; i++) writeFileAtomicSync(join(dir, `b${i}.txt`), Buffer.from(`字${i}`), { fsync: i % 2 === 0 });
    } finally {
      process.off('newListener', watch);
      process.off('removeListener', watch);
    }
    expect(changes).toBe(0);
    expect(count()).toEqual(afterFirst);
    expect(readFileSync(join(dir, 'a.json'), 'utf8')).toBe('{}\n');
    expect(readFileSync(join(dir, 'b3.txt'), 'utf8')).toBe('字3');
  });
});
