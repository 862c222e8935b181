/** The io area's messages: each in both languages, over the same arguments. */
import { describe, expect, it } from 'vitest';
import { IO_GROUPS } from '../../../src/core/messages/io.js';
import { catalogueProblems, groupsOf } from '../../helpers/catalogue.js';

describe('the io messages', () => {
  it('are each in English and Chinese, over the same arguments', () => {
    expect(catalogueProblems(groupsOf(IO_GROUPS))).toEqual([]);
  });
});
