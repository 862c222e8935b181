// A copy a bench made of a book, settled before the clock starts, so that the command timed does not pay for it.
import { spawnSync } from 'node:child_process';

/**
 * The copy's writeback flushed, and what the file system does after it too. One `sync -f` is not enough on ext4:
 * the first fsync of the command timed still waited for the copy (strace -T, a fresh copy of the 3,000-chapter book:
 * 7.7 ms for a lock file's 155 bytes, against 1.2 ms on the 11-chapter book), and a second `sync -f` took that wait
 * out (1.8 ms). The 50-op commit on the large book against the small one, 11 alternated runs each: 1.25 and 1.37 with
 * one sync, 1.19 and 1.19 with two. An author's book is not copied whole before each commit.
 */
export function settleCopy(dir) {
  spawnSync('sync', ['-f', dir]);
  spawnSync('sync', ['-f', dir]);
}
