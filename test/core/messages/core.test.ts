/** The core area's messages: each in both languages, over the same arguments. */
import { describe, expect, it } from 'vitest';
import { CORE_GROUPS } from '../../../src/core/messages/core.js';
import { catalogueProblems, groupsOf } from '../../helpers/catalogue.js';

describe('the core messages', () => {
  it('are each in English and Chinese, over the same arguments', () => {
    expect(catalogueProblems(groupsOf(CORE_GROUPS))).toEqual([]);
  });
});
