/** initialContext (machines/pipeline.states.ts): the input's values where given, the defaults elsewhere. */
import { describe, expect, it } from 'vitest';
import { initialContext } from '../../machines/pipeline.states.js';

describe('initialContext', () => {
  it('defaults: auto policy, no fixes, 30 chapters a volume, no outline, no import summary', () => {
    expect(initialContext({ chapter: 7 })).toMatchObject({
      chapter: 7,
      revision_policy: 'auto',
      title_fixed: false,
      hook_fixed_round: null,
      chapters_per_volume: 30,
      outline_chapters: [],
      import_summarized: false,
      last_completed_chapter: 6,
    });
  });

  it('given values are kept', () => {
    expect(
      initialContext({
        chapter: 7,
        revision_policy: 'manual_confirm',
        title_fixed: true,
        hook_fixed_round: 2,
        chapters_per_volume: 12,
        outline_chapters: [7, 8],
        import_summarized: true,
      }),
    ).toMatchObject({
      revision_policy: 'manual_confirm',
      title_fixed: true,
      hook_fixed_round: 2,
      chapters_per_volume: 12,
      outline_chapters: [7, 8],
      import_summarized: true,
    });
  });
});
