/**
 * Crash safety of the commit (§7): the built CLI SIGKILLs itself at its k-th
 * mutating file-system call (NOVEL_FAULT_KILL_AT=k), for every k of a
 * realistic commit; the next mutating command must roll the project forward
 * to exactly the bytes of an uninterrupted commit (time-dependent keys aside).
 */
import { cpSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitReadyProject, normalisedTree } from '../helpers/commit-ready.js';
import { cleanupTempDirs, novelBin, tempDir, treeHashes } from '../helpers/project.js';

afterAll(cleanupTempDirs);

let prepared: string;
let reference: Record<string, string>;

beforeAll(async () => {
  prepared = await commitReadyProject({ bigDelta: true });
  const ref = tempDir();
  cpSync(prepared, ref, { recursive: true });
  const r = novelBin(ref, ['commit', '--chapter', '4']);
  expect(r.code, r.stderr).toBe(0);
  reference = normalisedTree(treeHashes(ref), ref);
});

describe('SIGKILL at every mutating file-system call of a commit', () => {
  it('every k rolls forward to the uninterrupted result', () => {
    const outcomes: string[] = [];
    let k = 1;
    for (; k < 500; k++) {
      const image = tempDir('novel-kill-');
      cpSync(prepared, image, { recursive: true });
      const killed = novelBin(image, ['commit', '--chapter', '4'], { NOVEL_FAULT_KILL_AT: String(k) });
      if (killed.signal !== 'SIGKILL') {
        // k is past the last mutating call: the commit ran to the end.
        expect(killed.code, killed.stderr).toBe(0);
        expect(normalisedTree(treeHashes(image), image)).toEqual(reference);
        break;
      }
      const journal = existsSync(join(image, 'staging/.commit/chapter-004.json'));
      const next = novelBin(image, ['next', '--json']);
      expect(next.code).toBe(0);
      const action = JSON.parse(next.stdout).data.action;
      if (journal) expect(action, `k=${k}`).toBe('recover');
      // The next mutating command: the same commit. It rolls a journal forward,
      // or commits from scratch when the kill came before the journal, or (a
      // kill after the journal was deleted) finds the chapter committed, after
      // clearing the dead process's lock.
      const again = novelBin(image, ['commit', '--chapter', '4', '--json']);
      const ok = again.code === 0 || (again.code === 2 && JSON.parse(again.stdout).error.code === 'already_committed');
      expect(ok, `k=${k}: ${again.stdout}`).toBe(true);
      const tree = normalisedTree(treeHashes(image), image);
      expect(tree, `k=${k}: tree after recovery`).toEqual(reference);
      // Lock acquisition and release are mutating calls too: nothing of them is left behind.
      expect(
        readdirSync(image).filter((f) => f.startsWith('.novel.lock')),
        `k=${k}: lock leftovers`,
      ).toEqual([]);
      outcomes.push(journal ? 'journal' : 'none');
    }
    const withJournal = outcomes.filter((o) => o === 'journal').length;
    process.stdout.write(
      `\nfault injection: ${k - 1} kill points, ${withJournal} with a pending journal rolled forward, ` +
        `${k - 1 - withJournal} before the journal; all equal to the uninterrupted commit\n`,
    );
    expect(k - 1).toBeGreaterThan(20);
    expect(withJournal).toBeGreaterThan(10);
    // Some 65 kill points of three commands each: minutes on a busy machine; the limit is for a hang.
  }, 600_000);
});
