/** The cli area's messages: each in both languages, over the same arguments. */
import { describe, expect, it } from 'vitest';
import { CLI_GROUPS } from '../../../src/core/messages/cli.js';
import { catalogueProblems, groupsOf } from '../../helpers/catalogue.js';

describe('the cli messages', () => {
  it('are each in English and Chinese, over the same arguments', () => {
    expect(catalogueProblems(groupsOf(CLI_GROUPS))).toEqual([]);
  });
});
