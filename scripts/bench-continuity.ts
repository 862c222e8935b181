/**
 * The continuity checks' cost (PROTOCOL §19), called by `npm run bench`: a
 * book of 3,000 chapters of the demo's prose with a cast of 5,000
 * characters (one in ten dead, every one with a realm), 500 named items (one
 * in five destroyed) and a story day; each chapter names a dozen of the cast
 * and its delta sets ten paths. The cast is indexed once, as a book's is;
 * what is timed is one chapter's checks against the state before it.
 * Times are medians in ms; the target is 10 ms a chapter.
 */
import { castIndex, continuityFindings, type CastMember } from '../src/core/continuity.js';
import { demoProse } from './lib/demo-prose.js';
import { seededRandom } from '../src/core/seeded-random.js';

const runs = Number(process.argv[2] ?? '301');
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const r = seededRandom(19);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
const SURNAMES = [
  ...('王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾萧田董袁潘蒋蔡余杜叶程苏魏' +
    '吕丁沈姚卢姜崔钟谭陆汪范金石廖贾夏韦方白邹孟熊秦江尹薛段雷侯龙史陶黎贺顾毛郝龚邵万钱严武戴莫孔向汤'),
];
const GIVEN = [
  ...'青云风雨山河星月天海明华清平安宁远志文武德仁义礼智信忠和春秋冬雪霜冰火雷电剑刀玄灵真元凌霄岳峰川林森松竹梅兰菊莲',
];
const REALMS = ['炼气', '筑基', '金丹', '元婴', '化神', '炼虚', '合体', '大乘'];

const cast: CastMember[] = [];
const characters: Record<string, Record<string, unknown>> = {};
const names = new Set<string>();
while (cast.length < 5000) {
  const name = pick(SURNAMES) + pick(GIVEN) + (r() < 0.6 ? pick(GIVEN) : '');
  if (names.has(name)) continue;
  names.add(name);
  const id = `c${cast.length}`;
  cast.push({ id, names: [name] });
  characters[id] = { status: r() < 0.1 ? 'dead' : 'alive', realm: pick(REALMS), location: '青岚山' };
}
const items: Record<string, Record<string, unknown>> = {};
for (let i = 0; i < 500; i++)
  items[`i${i}`] = { name: `${pick(GIVEN)}${pick(GIVEN)}宝器${i}`, status: r() < 0.2 ? 'destroyed' : 'intact' };
const state = { characters, items, world_state: { story_day: 1000 } };
const index = castIndex(
  cast,
  Object.values(items).map((it) => it.name as string),
);

const prose = demoProse;

// Chapters spread over the 3,000, each with a dozen of the cast woven into its paragraphs.
const chapters = Array.from({ length: runs }, (_, k) => {
  const n = 1 + Math.floor((k * 2999) / Math.max(1, runs - 1));
  const paras = prose(n).split('\n\n');
  for (let j = 0; j < 12; j++) {
    const who = pick(cast).names[0] as string;
    const at = 1 + Math.floor(r() * (paras.length - 1));
    paras[at] = `${who}看了一眼四周。${paras[at]}`;
  }
  const ops = Array.from({ length: 10 }, () => ({
    op: 'set',
    path: `characters.${pick(cast).id}.location`,
    value: '藏经阁',
  }));
  return { n, text: paras.join('\n\n'), ops };
});

const ladders = { realm: REALMS };
const resolved = new Set<string>();
const times: number[] = [];
let findings = 0;
for (const ch of chapters) {
  const t0 = process.hrtime.bigint();
  findings += continuityFindings({
    chapter: ch.n,
    text: ch.text,
    state,
    ops: ch.ops,
    cast: index,
    ladders,
    resolved,
  }).length;
  times.push(Number(process.hrtime.bigint() - t0) / 1e6);
}
const m = median(times);
const zi = Math.round(chapters.reduce((s, c) => s + c.text.length, 0) / chapters.length);
process.stdout.write(
  `continuity checks: 3,000-chapter book, cast of 5,000, 500 items; ${runs} chapters of ~${zi} characters: ` +
    `${m.toFixed(2)} ms median a chapter (target ≤ 10 ms: ${m <= 10 ? 'met' : 'NOT met'}); ${findings} finding(s)\n`,
);
if (m > 10) process.exitCode = 1;
