/**
 * When a file's stats vouch for bytes read earlier (git's "racily clean"):
 * every write moves a file's ctime to the present, and no process can set it
 * back, so a file whose size, mtime, ctime and inode are those it had when it
 * was read still holds the bytes read, provided its ctime was older than the
 * moment of that read by more than the kernel's timestamp tick, and by more
 * than the file system's own where its stamps are coarse (FAT, exFAT, HFS+).
 * A write in the same tick as the read could otherwise leave every stat as
 * it was.
 * Except a write through a shared mapping: it moves the times only when it
 * dirties a clean page, so a process that mapped a file earlier can change
 * it unseen by stats. Where that matters (the step guard after a step, the
 * staged files a mutating command reads), the bytes are read instead.
 * Pure: the I/O shell takes the stats and the clock.
 */

/** Longer than the kernel's timestamp tick on a file system that keeps fine stamps (1–10 ms). */
export const RACY_MS = 10;

/**
 * The tick of the file system a time stamp came from, as far as the stamp shows it: a stamp in whole seconds comes
 * from one that keeps 1 or 2 s (ext3, HFS+, FAT: 2 s taken), one in whole hundredths from one that keeps 10 ms
 * (exFAT); ext4, xfs, btrfs and tmpfs keep nanoseconds, whose stamps fall on a whole hundredth once in a hundred
 * thousand. 0: no coarser tick shows.
 */
export const stampTickMs = (stampMs: number): number => (stampMs % 1000 === 0 ? 2000 : stampMs % 10 === 0 ? 10 : 0);

/**
 * A file's time stamp (its ctime; where only the mtime is kept, that), taken with a read that began at `readAt` (ms),
 * is old enough for its stats to vouch for that read: older than the read by more than the kernel's tick, and by the
 * file system's own where the stamp shows a coarse one (two writes within one tick of FAT's 2 s leave every stat as it
 * was).
 */
export const settledBefore = (stampMs: number, readAt: number): boolean => readAt - settledAt(stampMs) > 0;

/** The moment after which a read is late enough for the stamp to vouch for it (`settledBefore`). */
export const settledAt = (stampMs: number): number => stampMs + RACY_MS + stampTickMs(stampMs);
