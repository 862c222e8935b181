/**
 * Pseudo-random Han text for the repetition tests: the same for the same seed, and texts of different seeds share
 * nothing by chance (an LCG).
 */
const HAN = [
  ...('天地玄黄宇宙洪荒日月盈昃辰宿列张寒来暑往秋收冬藏闰余成岁律吕调阳' +
    '云腾致雨露结为霜金生丽水玉出昆冈剑号巨阙珠称夜光果珍李柰菜重芥姜'),
];

export function han(n: number, seed: number): string {
  let x = (seed * 2654435761 + 12345) >>> 0;
  return Array.from({ length: n }, () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return HAN[(x >>> 16) % HAN.length];
  }).join('');
}
