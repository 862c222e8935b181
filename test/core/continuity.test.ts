/** Continuity checks: each kind found where it is, and not where the text only remembers. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  castIndex,
  continuityFindings,
  DEFAULT_CONTINUITY,
  driftsIn,
  slimState,
  type ContinuityInput,
} from '../../src/core/continuity.js';
import { render } from '../../src/core/messages.js';

const cast = castIndex(
  [
    { id: 'lin-feng', names: ['林枫', '枫哥'] },
    { id: 'su-wan', names: ['苏婉'] },
    { id: 'old-zhao', names: ['赵长老'] },
  ],
  ['青锋剑', '藏经阁'],
);
const state = {
  characters: {
    'lin-feng': { status: 'alive', realm: '金丹' },
    'old-zhao': { status: 'dead' },
    'su-wan': { status: 'alive', realm: '筑基' },
  },
  items: { 'qingfeng-sword': { name: '青锋剑', status: 'destroyed', holder: 'lin-feng' } },
  world_state: { story_day: 30 },
};
const base = (over: Partial<ContinuityInput>): ContinuityInput => ({
  chapter: 12,
  text: '# 第12章 夜雨\n\n林枫推门而入。苏婉抬起头。',
  state,
  ops: [],
  cast,
  ladders: { realm: ['炼气', '筑基', '金丹', '元婴'] },
  resolved: new Set(['f-001']),
  ...over,
});
const kinds = (over: Partial<ContinuityInput>): string[] =>
  continuityFindings(base(over)).map((f) => `${f.kind}:${f.subject}`);

describe('continuity checks', () => {
  it('a clean chapter has no finding', () => {
    expect(kinds({})).toEqual([]);
  });

  it('a dead character acting; not when remembered, mourned, or in lines the delta marks', () => {
    expect(kinds({ text: '# 第12章\n\n赵长老一掌拍在桌上。' })).toEqual(['gone_acting:old-zhao']);
    expect(kinds({ text: '# 第12章\n\n林枫想起赵长老当年的教诲。' })).toEqual([]);
    expect(kinds({ text: '# 第12章\n\n他跪在赵长老的墓前。' })).toEqual([]);
    expect(
      kinds({
        text: '# 第12章\n\n林枫闭上眼。\n赵长老一掌拍在桌上。',
        recollections: [{ lines: [4, 4], kind: 'memory' }],
      }),
    ).toEqual([]);
    // Brought back by the chapter's own delta.
    expect(
      kinds({
        text: '# 第12章\n\n赵长老一掌拍在桌上。',
        ops: [{ op: 'set', path: 'characters.old-zhao.status', value: 'alive' }],
      }),
    ).toEqual([]);
    const f = continuityFindings(base({ text: '# 第12章\n\n赵长老一掌拍在桌上。' }))[0]!;
    expect(f).toMatchObject({ line: 3, excerpt: '赵长老一掌拍在桌上。' });
    expect(render('zh', f.message)).toBe('赵长老在本章有所行动，但状态记为 dead');
  });

  it('a realm going down its ladder without a reason; with one it stands', () => {
    expect(kinds({ ops: [{ op: 'set', path: 'characters.lin-feng.realm', value: '筑基' }] })).toEqual([
      'realm_down:lin-feng',
    ]);
    expect(
      kinds({ ops: [{ op: 'set', path: 'characters.lin-feng.realm', value: '筑基', detail: '被封印修为' }] }),
    ).toEqual([]);
    expect(kinds({ ops: [{ op: 'set', path: 'characters.lin-feng.realm', value: '元婴' }] })).toEqual([]);
  });

  it('a destroyed item used in the prose or handed on; its remains remembered are not a use', () => {
    expect(kinds({ text: '# 第12章\n\n林枫拔出青锋剑。' })).toEqual(['item_used:qingfeng-sword']);
    expect(kinds({ text: '# 第12章\n\n林枫看着青锋剑的碎片。' })).toEqual([]);
    expect(kinds({ ops: [{ op: 'set', path: 'items.qingfeng-sword.holder', value: 'su-wan' }] })).toEqual([
      'item_used:qingfeng-sword',
    ]);
    expect(
      kinds({
        text: '# 第12章\n\n林枫拔出青锋剑。',
        ops: [{ op: 'set', path: 'items.qingfeng-sword.status', value: 'repaired' }],
      }),
    ).toEqual([]);
  });

  it('the story day going back, by set or by inc', () => {
    expect(kinds({ ops: [{ op: 'set', path: 'world_state.story_day', value: 29 }] })).toEqual([
      'day_back:world_state.story_day',
    ]);
    expect(kinds({ ops: [{ op: 'inc', path: 'world_state.story_day', value: -2 }] })).toEqual([
      'day_back:world_state.story_day',
    ]);
    expect(kinds({ ops: [{ op: 'set', path: 'world_state.story_day', value: 31 }] })).toEqual([]);
  });

  it('one path set twice to different values in a delta', () => {
    expect(
      kinds({
        ops: [
          { op: 'set', path: 'characters.su-wan.location', value: '藏经阁' },
          { op: 'set', path: 'characters.su-wan.location', value: '后山' },
        ],
      }),
    ).toEqual(['op_conflict:characters.su-wan.location']);
    expect(
      kinds({
        ops: [
          { op: 'set', path: 'characters.su-wan.location', value: '后山' },
          { op: 'set', path: 'characters.su-wan.location', value: '后山' },
        ],
      }),
    ).toEqual([]);
  });

  it('a name one character from a cast name; not a cast name, an alias, or part of a longer known word', () => {
    expect(kinds({ text: '# 第12章\n\n林枫站在门外。林峰推门而入。' })).toEqual(['name_drift:lin-feng']);
    // Another person of the same surname, the cast's own never named: no slip.
    expect(kinds({ text: '# 第12章\n\n林朵推门而入。林朵坐下。' })).toEqual([]);
    expect(kinds({ text: '# 第12章\n\n枫哥推门而入。' })).toEqual([]);
    expect(kinds({ text: '# 第12章\n\n树林风声大作。' })).toEqual([]);
    expect(driftsIn('苏婉看向苏晚。', cast).map((d) => d.found)).toEqual(['苏晚']);
  });

  it('killing or cutting is acting or using: 杀死了 and 斩断了 are not a death or a break', () => {
    const text = (line: string) => `# 第12章 夜雨\n\n林枫推门而入。\n\n${line}\n`;
    expect(kinds({ text: text('赵长老一掌拍死了黑衣人。') })).toEqual(['gone_acting:old-zhao']);
    expect(kinds({ text: text('赵长老杀死了那头妖兽。') })).toEqual(['gone_acting:old-zhao']);
    expect(kinds({ text: text('赵长老死了三年了。') })).toEqual([]);
    expect(kinds({ text: text('林枫举起青锋剑，斩断了锁链。') })).toEqual(['item_used:qingfeng-sword']);
    expect(kinds({ text: text('青锋剑断了，再也拼不回去。') })).toEqual([]);
  });

  it('a slip of a character the delta names, in a chapter that never names them rightly', () => {
    const text = '# 第12章 夜雨\n\n林峰推门而入。\n';
    expect(kinds({ text })).toEqual([]);
    const ops = [{ op: 'set', path: 'characters.lin-feng.location', value: '后山' }];
    expect(kinds({ text, ops })).toEqual(['name_drift:lin-feng']);
  });

  it('a resolved foreshadowing item planted or advanced again', () => {
    expect(kinds({ ops: [{ op: 'foreshadow', path: 'f-001', value: 'advanced' }] })).toEqual([
      'foreshadow_reopened:f-001',
    ]);
    expect(kinds({ ops: [{ op: 'foreshadow', path: 'f-002', value: 'advanced' }] })).toEqual([]);
  });

  it('property: prose made of cast names and ordinary words never reports a drift', () => {
    const words = ['林枫', '苏婉', '赵长老', '推门', '而入', '看着', '远方', '点头', '，', '。', '夜色', '青锋剑'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...words), { maxLength: 60 }), (parts) => {
        expect(driftsIn(parts.join(''), cast)).toEqual([]);
      }),
    );
  });
});

describe('slimState: the part of the state the checks read', () => {
  it('keeps the fields the names say and nothing else', () => {
    const full = {
      ...state,
      characters: { ...state.characters, 'lin-feng': { ...state.characters['lin-feng'], location: '藏经阁', hp: 3 } },
      plot: { arc: 1 },
    };
    expect(slimState(full, DEFAULT_CONTINUITY)).toEqual({
      characters: {
        'lin-feng': { status: 'alive', realm: '金丹' },
        'old-zhao': { status: 'dead' },
        'su-wan': { status: 'alive', realm: '筑基' },
      },
      items: { 'qingfeng-sword': { name: '青锋剑', status: 'destroyed', holder: 'lin-feng' } },
      world_state: { story_day: 30 },
      places: ['藏经阁'],
    });
    // A character with a place and nothing else the checks read is a place only.
    const walkers = {
      characters: { a: { location: '山门', hp: 1 }, b: { location: '山门' }, c: { location: '后山' } },
    };
    expect(slimState(walkers, DEFAULT_CONTINUITY)).toEqual({
      characters: {},
      items: {},
      world_state: {},
      places: ['后山', '山门'],
    });
  });

  it('property: any chapter and delta find the same against the slim state as against the whole', () => {
    const words = ['林枫', '苏婉', '赵长老', '青锋剑', '林峰', '一掌拍在桌上', '想起', '。', '\n'];
    const op = fc.oneof(
      fc.record({
        op: fc.constant('set'),
        path: fc.constantFrom(
          'characters.lin-feng.realm',
          'characters.old-zhao.status',
          'items.qingfeng-sword.holder',
          'world_state.story_day',
          'plot.arc',
          // A character with a place only, and an item with none of the fields the checks read: left out of the slim
          // state, found the same.
          'characters.walker.realm',
          'characters.walker.status',
          'items.junk.holder',
          'items.junk.status',
        ),
        value: fc.oneof(fc.constantFrom('炼气', '元婴', 'alive', 'su-wan'), fc.integer({ min: 0, max: 40 })),
      }),
      fc.record({
        op: fc.constant('inc'),
        path: fc.constant('world_state.story_day'),
        value: fc.integer({ min: -3, max: 3 }),
      }),
    );
    const full = {
      ...state,
      characters: { ...state.characters, walker: { location: '山门' } },
      items: { ...state.items, junk: { state: 'x' } },
      plot: { arc: 1 },
      extra: [1, 2],
    };
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...words), { maxLength: 30 }),
        fc.array(op, { maxLength: 4 }),
        (parts, ops) => {
          const text = `# 第12章\n\n${parts.join('')}`;
          const whole = continuityFindings(base({ text, ops, state: full }));
          const slim = continuityFindings(base({ text, ops, state: slimState(full, DEFAULT_CONTINUITY) }));
          expect(slim).toEqual(whole);
        },
      ),
    );
  });
});
