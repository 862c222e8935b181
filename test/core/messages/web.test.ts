/** The dashboard's messages: each in both languages, over the same arguments. */
import { describe, expect, it } from 'vitest';
import { DASHBOARD_COLUMNS, WEB_GROUPS } from '../../../src/core/messages/web.js';
import { render, said } from '../../../src/core/messages.js';
import { catalogueProblems, groupsOf } from '../../helpers/catalogue.js';

describe('the dashboard messages', () => {
  it('are each in English and Chinese, over the same arguments', () => {
    expect(catalogueProblems(groupsOf(WEB_GROUPS))).toEqual([]);
  });
  it('name the table columns, the ladder rungs and the actions from the step table', () => {
    const words = WEB_GROUPS.dashboard();
    for (const key of DASHBOARD_COLUMNS) expect(words[key], key).toBeDefined();
    expect(render('zh', said('dashboard.rung', { rung: 'draft' }))).toBe('起草');
    expect(render('zh', said('dashboard.action', { action: 'advance' }))).toBe('登记');
    expect(render('en', said('dashboard.round', { n: 2 }))).toBe('round 2');
    expect(render('zh', said('dashboard.label', { label: said('dashboard.next') }))).toBe('下一步：');
  });
});
