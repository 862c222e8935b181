/**
 * The test run's scratch directory (vitest.config.ts, globalSetup). The tests
 * work on copies of projects in temporary directories (os.tmpdir()): thousands
 * of copies, commits that fsync, deletions. On a disk that is a large part of
 * the run (a fault-injection loop spent 31 of its 95 s copying its book, and
 * 2 s with the copies in RAM); on tmpfs the same system calls, the same
 * files and the same checks cost little. So the run's TMPDIR is a fresh
 * directory under /dev/shm when that is tmpfs with room to spare, else under
 * the usual temporary directory; NOVEL_TEST_TMPDIR names another parent. The
 * workers and every process they start inherit it; it is removed at the end
 * of the run with whatever the tests left in it, and one a killed run left
 * (its owner's pid gone) is removed by the next run. The real clients'
 * sandboxes give their tools a /dev of their own (a write under /dev/shm
 * fails as a missing directory, not as a refusal): their projects stay on
 * the disk.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const TMPFS_MAGIC = 0x01021994;
/** Free space /dev/shm must have: the run's peak is well under a gigabyte. */
const ROOM = 4 * 1024 ** 3;
const PREFIX = 'novel-test-run-';

function parents(): string[] {
  if (process.env.NOVEL_TEST_TMPDIR) return [process.env.NOVEL_TEST_TMPDIR];
  try {
    const s = statfsSync('/dev/shm');
    if (s.type === TMPFS_MAGIC && s.bavail * s.bsize >= ROOM) return ['/dev/shm', tmpdir()];
  } catch {
    /* no /dev/shm here */
  }
  return [tmpdir()];
}

const running = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The scratch directories of runs whose process is gone (killed before their teardown). */
function sweep(parent: string): void {
  let names: string[] = [];
  try {
    names = readdirSync(parent).filter((n) => n.startsWith(PREFIX));
  } catch {
    return;
  }
  for (const name of names) {
    let owner = Number.NaN;
    try {
      owner = Number(readFileSync(join(parent, name, '.owner'), 'utf8'));
    } catch {
      /* no owner recorded yet: a run being set up, or not ours; left alone */
    }
    if (Number.isInteger(owner) && owner > 0 && !running(owner))
      rmSync(join(parent, name), { recursive: true, force: true });
  }
}

let made: string | null = null;

export function setup(): void {
  // Called once per project of a configuration with projects: the first call's directory serves them all.
  if (process.env.NOVEL_TEST_RUN_DIR) return;
  for (const parent of parents()) {
    try {
      sweep(parent);
      made = mkdtempSync(join(parent, PREFIX));
      writeFileSync(join(made, '.owner'), String(process.pid));
      break;
    } catch {
      /* not writable: the next one */
    }
  }
  if (!made) return;
  // The usual temporary directory, for the tests that need a disk (diskTempDir in test/helpers/project.ts).
  process.env.NOVEL_TEST_DISK_TMPDIR = tmpdir();
  process.env.NOVEL_TEST_RUN_DIR = made;
  process.env.TMPDIR = made;
}

export function teardown(): void {
  if (made) rmSync(made, { recursive: true, force: true });
}
