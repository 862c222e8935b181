/**
 * `novel publish` (PROTOCOL §18), under the project lock: the chapters picked,
 * each committed and free of sensitive words, recorded in one write.
 */
import { NovelError } from '../core/errors.js';
import { said } from '../core/messages.js';
import { paths } from '../core/paths.js';
import { chaptersToPublish, firstSensitiveWord } from '../core/publishing.js';
import { formatChapterRef } from '../core/step-id.js';
import { readLintLists } from './lint-inputs.js';
import { splitChapter } from '../core/export.js';
import { titleRefusal } from '../core/upload.js';
import { localDay } from '../core/daily-goal.js';
import { clockNow } from './clock.js';
import { withMutation } from './mutation.js';
import type { CommandEnv } from './project.js';
import { appendPublished, readPublished, readSerialBuffer, type Published } from './publishing.js';

/**
 * `novel publish`: the chapters picked, each committed and free of sensitive words, appended with the date and their
 * bytes, in one write; a refusal writes nothing.
 */
export function publishChapters(
  cenv: CommandEnv,
  projectFlag: string | undefined,
  pick: { chapter: number } | { through: number },
  given: string | undefined,
): Published {
  return withMutation(cenv, projectFlag, { chapter: null }, (p) => {
    // Today, in the book's time zone (serial.timezone), else this machine's.
    const date = given ?? localDay(clockNow(cenv.env), p.settings.serial.timezone);
    const last = p.loaded.checkpoint.last_completed_chapter;
    const asked = 'chapter' in pick ? pick.chapter : pick.through;
    if (asked > last)
      throw new NovelError('not_committed', said('publishing.not_committed', { chapter: asked, last }), {
        hint: said('publishing.not_committed.hint'),
      });
    const lines = readPublished(p.fs);
    const shaOf = (n: number) => p.fs.sha256(paths.chapter(n));
    const chapters = chaptersToPublish(pick, lines, shaOf);
    const words = (readLintLists(p.fs).sensitive ?? []).map((w) => w.word);
    for (const n of chapters) {
      const text = p.fs.readText(paths.chapter(n));
      const hit = firstSensitiveWord(text, words);
      if (hit)
        throw new NovelError('sensitive_word', said('publishing.refused', { chapter: n, ...hit }), {
          hint: said('publishing.refused.hint', { ref: formatChapterRef(n) }),
        });
      // The platform's title rules (§18): a title it refuses is not published either.
      const title = splitChapter(n, 0, text).title;
      const refused = titleRefusal(n, title, p.settings.quality, 'publish');
      if (refused) throw refused;
    }
    appendPublished(
      p.fs,
      chapters.map((chapter) => ({ chapter, date, sha256: shaOf(chapter) as string })),
    );
    return { chapters, date, buffer: readSerialBuffer(p.fs, last) };
  });
}
