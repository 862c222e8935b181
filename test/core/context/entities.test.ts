/**
 * entities.ts: entity_id_map {slug → display_name} from
 * characters/active/*.json. The slug is the file's own `id` when it is a
 * slug, else the file name; files that cannot be used (bad JSON, no slug, no
 * display_name, a duplicate id) are left out with a warning, and a slug that
 * differs from the file name is reported as information.
 */
import { describe, expect, it } from 'vitest';
import { entityIdMap } from '../../../src/core/context/entities.js';
import { memoryView } from '../../helpers/memory-view.js';
import type { Diagnostic } from '../../../src/schemas/diagnostics.js';

/** Diagnostics as their English reads (the said words they carry render to it). */
const english = (ds: readonly Diagnostic[]): Diagnostic[] => ds.map(({ words: _words, ...d }) => d);
const englishOf = <T extends { problems: Diagnostic[] }>(r: T): T => ({ ...r, problems: english(r.problems) });

const DIR = 'characters/active';

describe('entityIdMap', () => {
  it('maps file-name slugs to display names and records the .json and .md files', () => {
    const view = memoryView({
      [`${DIR}/lin.json`]: JSON.stringify({ display_name: '林青岚', contracts: [] }),
      [`${DIR}/su.json`]: JSON.stringify({ display_name: '苏晚雪' }),
      [`${DIR}/lin.md`]: '# 林青岚',
    });
    expect(entityIdMap(view)).toStrictEqual({
      map: { lin: '林青岚', su: '苏晚雪' },
      files: {
        lin: { json: `${DIR}/lin.json`, md: `${DIR}/lin.md` },
        su: { json: `${DIR}/su.json`, md: `${DIR}/su.md` },
      },
      problems: [],
    });
  });

  it('is empty for a project without characters', () => {
    expect(entityIdMap(memoryView({}))).toStrictEqual({ map: {}, files: {}, problems: [] });
  });

  it('reads only .json files directly in characters/active', () => {
    const view = memoryView({
      [`${DIR}/lin.md`]: '# 林青岚',
      [`${DIR}/notes.txt`]: 'x',
      [`${DIR}/lin.json.bak`]: '{',
      [`${DIR}/retired/old.json`]: JSON.stringify({ display_name: '旧人' }),
      'characters/inactive/gone.json': JSON.stringify({ display_name: '走了' }),
    });
    expect(entityIdMap(view)).toStrictEqual({ map: {}, files: {}, problems: [] });
  });

  it("uses the file's own slug id for a file named in Chinese and says so", () => {
    const rel = `${DIR}/苏清漪.json`;
    const { map, files, problems } = entityIdMap(
      memoryView({ [rel]: JSON.stringify({ id: 'su-qingyi', display_name: '苏清漪' }) }),
    );
    expect(map).toStrictEqual({ 'su-qingyi': '苏清漪' });
    expect(files).toStrictEqual({ 'su-qingyi': { json: rel, md: `${DIR}/苏清漪.md` } });
    expect(english(problems)).toStrictEqual([
      {
        severity: 'warning',
        code: 'character_slug',
        file: rel,
        field: 'id',
        expected: 'the id the packets use for this character',
        found: '"su-qingyi"',
        fix: 'nothing to do: 苏清漪.json is known as su-qingyi in every packet',
        message: `${rel}: field "id": expected the id the packets use for this character, found "su-qingyi"`,
      },
    ]);
  });

  it('an id equal to the file name raises nothing', () => {
    const { map, problems } = entityIdMap(
      memoryView({ [`${DIR}/lin.json`]: JSON.stringify({ id: 'lin', display_name: '林' }) }),
    );
    expect(map).toStrictEqual({ lin: '林' });
    expect(problems).toEqual([]);
  });

  it('an id that is not a slug falls back to a slug file name, silently', () => {
    const { map, problems } = entityIdMap(
      memoryView({ [`${DIR}/lin.json`]: JSON.stringify({ id: '林青岚', display_name: '林青岚' }) }),
    );
    expect(map).toStrictEqual({ lin: '林青岚' });
    expect(problems).toEqual([]);
  });

  it('a non-string id is ignored in favour of the file name', () => {
    const { map, problems } = entityIdMap(
      memoryView({ [`${DIR}/lin.json`]: JSON.stringify({ id: 7, display_name: '林' }) }),
    );
    expect(map).toStrictEqual({ lin: '林' });
    expect(problems).toEqual([]);
  });

  it('reports a file that is not valid JSON and leaves it out', () => {
    const rel = `${DIR}/broken.json`;
    expect(englishOf(entityIdMap(memoryView({ [rel]: '{ not json' })))).toStrictEqual({
      map: {},
      files: {},
      problems: [
        {
          severity: 'warning',
          code: 'invalid_character',
          file: rel,
          expected: 'a JSON object {display_name, contracts, …}',
          found: 'a file that cannot be read as JSON',
          fix: 'fix the JSON; the character is left out until then',
          message:
            `${rel}: expected a JSON object {display_name, ` +
            `contracts, …}, found a file that cannot be read as JSON`,
        },
      ],
    });
  });

  it('reports a file with no id and a file name that is not a slug', () => {
    const rel = `${DIR}/苏清漪.json`;
    const { map, problems } = entityIdMap(memoryView({ [rel]: JSON.stringify({ display_name: '苏清漪' }) }));
    expect(map).toStrictEqual({});
    expect(english(problems)).toStrictEqual([
      {
        severity: 'warning',
        code: 'invalid_character',
        file: rel,
        field: 'id',
        expected: 'a slug id (^[a-z0-9][a-z0-9_-]{0,63}$) in the file, or a file named by its slug',
        found: 'no "id", and the file name "苏清漪" is not a slug',
        fix: 'add "id": "<slug>" (e.g. "su-qingyi") to the file; the character is left out until then',
        message:
          `${rel}: field "id": expected a slug id (^[a-z0-9][a-z0-9_-]{0,63}$) in the file, ` +
          `or a file named by its slug, found no "id", and the file name "苏清漪" is not a slug`,
      },
    ]);
  });

  it('reports a non-slug id when the file name is not a slug either, quoting the id', () => {
    const rel = `${DIR}/Bad Name.json`;
    const { map, problems } = entityIdMap(
      memoryView({ [rel]: JSON.stringify({ id: 'Su Qingyi', display_name: '苏清漪' }) }),
    );
    expect(map).toStrictEqual({});
    expect(problems).toEqual([
      expect.objectContaining({ code: 'invalid_character', file: rel, field: 'id', found: '"Su Qingyi"' }),
    ]);
  });

  it('reports a missing, blank or non-string display_name, showing what was found', () => {
    const view = memoryView({
      [`${DIR}/a.json`]: '{}',
      [`${DIR}/b.json`]: JSON.stringify({ display_name: '   ' }),
      [`${DIR}/c.json`]: JSON.stringify({ display_name: 7 }),
      [`${DIR}/d.json`]: '[1]',
      [`${DIR}/e.json`]: 'null',
      [`${DIR}/f.json`]: JSON.stringify({ display_name: '' }),
    });
    const { map, files, problems } = entityIdMap(view);
    expect(map).toStrictEqual({});
    expect(files).toStrictEqual({});
    expect(problems.map((p) => [p.file, p.code, p.field, p.found])).toEqual([
      [`${DIR}/a.json`, 'invalid_character', 'display_name', 'nothing'],
      [`${DIR}/b.json`, 'invalid_character', 'display_name', '"   "'],
      [`${DIR}/c.json`, 'invalid_character', 'display_name', '7'],
      [`${DIR}/d.json`, 'invalid_character', 'display_name', '[1]'],
      [`${DIR}/e.json`, 'invalid_character', 'display_name', 'null'],
      [`${DIR}/f.json`, 'invalid_character', 'display_name', '""'],
    ]);
    expect(english(problems)[0]).toStrictEqual({
      severity: 'warning',
      code: 'invalid_character',
      file: `${DIR}/a.json`,
      field: 'display_name',
      expected: 'a non-empty string',
      found: 'nothing',
      fix: 'add "display_name"; the character is left out until then',
      message: `${DIR}/a.json: field "display_name": expected a non-empty string, found nothing`,
    });
  });

  it('keeps a display name with surrounding spaces as written', () => {
    expect(
      entityIdMap(memoryView({ [`${DIR}/lin.json`]: JSON.stringify({ display_name: ' 林青岚 ' }) })).map,
    ).toStrictEqual({ lin: ' 林青岚 ' });
  });

  it('keeps the first file (in listing order) for a duplicate id and reports the later one', () => {
    const view = memoryView({
      [`${DIR}/su.json`]: JSON.stringify({ display_name: '苏晚雪' }),
      [`${DIR}/苏晚雪.json`]: JSON.stringify({ id: 'su', display_name: '另一个苏晚雪' }),
    });
    const { map, files, problems } = entityIdMap(view);
    expect(map).toStrictEqual({ su: '苏晚雪' });
    expect(files).toStrictEqual({ su: { json: `${DIR}/su.json`, md: `${DIR}/su.md` } });
    expect(english(problems)).toStrictEqual([
      {
        severity: 'warning',
        code: 'duplicate_character',
        file: `${DIR}/苏晚雪.json`,
        field: 'id',
        expected: 'one file per character id',
        found: `"su", also the id of ${DIR}/su.json`,
        fix: 'give each character its own id; this file is left out',
        message:
          `${DIR}/苏晚雪.json: field "id": expected one file per ` +
          `character id, found "su", also the id of ${DIR}/su.json`,
      },
    ]);
  });

  it('reports every problem in listing order and still maps the good files', () => {
    const view = memoryView({
      [`${DIR}/zz.json`]: JSON.stringify({ display_name: '甲' }),
      [`${DIR}/aa.json`]: '{',
      [`${DIR}/mm.json`]: JSON.stringify({ display_name: '乙' }),
      [`${DIR}/bb.json`]: JSON.stringify({}),
    });
    const { map, problems } = entityIdMap(view);
    expect(map).toStrictEqual({ mm: '乙', zz: '甲' });
    expect(problems.map((p) => p.file)).toEqual([`${DIR}/aa.json`, `${DIR}/bb.json`]);
  });

  it("does not add to the view's own problems", () => {
    const view = memoryView({ [`${DIR}/aa.json`]: '{' });
    entityIdMap(view);
    expect(view.problems).toEqual([]);
  });
});
