/** The continuity view of `novel serve`: the facts the ops set, per character, and every finding marked. */
import { describe, expect, it } from 'vitest';
import { castIndex } from '../../src/core/continuity.js';
import { continuityView } from '../../src/core/continuity-view.js';

describe('continuityView', () => {
  it('lists each character’s status, realm and location by chapter, and flags the chapters with findings', () => {
    const cast = castIndex([
      { id: 'lin', names: ['林青岚'] },
      { id: 'yun', names: ['云婉清'] },
      { id: 'zhou', names: ['周平'] },
    ]);
    const view = continuityView({
      cast,
      ladders: {},
      chapters: [
        {
          chapter: 1,
          text: '# 第1章\n\n林青岚入门。\n',
          stateBefore: {},
          ops: [
            { op: 'set', path: 'characters.lin.realm', value: '炼气' },
            { op: 'set', path: 'characters.yun.status', value: 'dead' },
            { op: 'set', path: 'characters.lin.mood', value: '紧张' },
          ],
          resolved: new Set(),
        },
        {
          chapter: 2,
          text: '# 第2章\n\n云婉清推门而入。\n',
          stateBefore: { characters: { yun: { status: 'dead' } } },
          ops: [{ op: 'set', path: 'characters.lin.location', value: '藏经阁' }],
          resolved: new Set(),
        },
      ],
    });
    expect(view.chapters).toBe(2);
    expect(view.characters).toEqual([
      {
        id: 'lin',
        name: '林青岚',
        changes: [
          { chapter: 1, fact: 'realm', value: '炼气', flagged: false },
          { chapter: 2, fact: 'location', value: '藏经阁', flagged: false },
        ],
      },
      { id: 'yun', name: '云婉清', changes: [{ chapter: 1, fact: 'status', value: 'dead', flagged: false }] },
    ]);
    expect(view.findings).toEqual([
      expect.objectContaining({
        chapter: 2,
        kind: 'gone_acting',
        subject: 'yun',
        rule: 'continuity',
        line: 3,
        excerpt: '云婉清推门而入。',
        message_zh: expect.stringContaining('云婉清'),
      }),
    ]);
  });
});
