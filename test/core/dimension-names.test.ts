import { describe, expect, it } from 'vitest';
import { DIMENSIONS, HOOK_DIMENSION } from '../../machines/pipeline.gate.js';
import { DIMENSION_ZH } from '../../src/core/dimension-names.js';

describe('the judge’s dimensions in Chinese', () => {
  it('names every dimension the gate weighs, and nothing else', () => {
    expect(Object.keys(DIMENSION_ZH).sort()).toEqual([...DIMENSIONS, HOOK_DIMENSION].sort());
    for (const name of Object.values(DIMENSION_ZH)) expect(name).toMatch(/^[\u4e00-\u9fff]+$/);
  });
});
