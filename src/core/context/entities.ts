/**
 * entity_id_map: {slug → display_name} from characters/active/*.json. The
 * slug is the file's own `id` when it is one, else the file name; so a file
 * may be named in Chinese (苏清漪.json with "id": "su-qingyi"), and novel says
 * which slug it used.
 */
import { warningAt, type Diagnostic } from '../../schemas/diagnostics.js';
import { said } from '../messages.js';
import { isSlug } from '../../schemas/common.js';
import { isObj, type ProjectView } from './project-view.js';

export interface Entities {
  map: Record<string, string>;
  /** slug → its files (the .md profile beside the .json, when there is one). */
  files: Record<string, { json: string; md: string }>;
  problems: Diagnostic[];
}

export function entityIdMap(view: ProjectView): Entities {
  const map: Record<string, string> = {};
  const files: Entities['files'] = {};
  const problems: Diagnostic[] = [];
  for (const rel of view.list('characters/active')) {
    if (!rel.endsWith('.json')) continue;
    const base = rel.slice('characters/active/'.length, -'.json'.length);
    const data = view.json(rel);
    if (data === undefined) {
      problems.push(
        warningAt('invalid_character', rel, {
          expected: said('cast.object'),
          found: said('cast.not_json'),
          fix: said('cast.not_json.fix'),
        }),
      );
      continue;
    }
    const id = isObj(data) && typeof data.id === 'string' ? data.id : undefined;
    const slug = id !== undefined && isSlug(id) ? id : isSlug(base) ? base : undefined;
    if (slug === undefined) {
      problems.push(
        warningAt('invalid_character', rel, {
          field: 'id',
          expected: said('cast.slug_id'),
          found: id === undefined ? said('cast.no_id', { name: JSON.stringify(base) }) : JSON.stringify(id),
          fix: said('cast.no_id.fix'),
        }),
      );
      continue;
    }
    if (!isObj(data) || typeof data.display_name !== 'string' || data.display_name.trim() === '') {
      problems.push(
        warningAt('invalid_character', rel, {
          field: 'display_name',
          expected: said('cast.display_name'),
          found: JSON.stringify(isObj(data) ? data.display_name : data) ?? said('cast.nothing'),
          fix: said('cast.display_name.fix'),
        }),
      );
      continue;
    }
    if (files[slug]) {
      problems.push(
        warningAt('duplicate_character', rel, {
          field: 'id',
          expected: said('cast.one_file'),
          found: said('cast.duplicate', { id: JSON.stringify(slug), file: files[slug].json }),
          fix: said('cast.duplicate.fix'),
        }),
      );
      continue;
    }
    if (slug !== base)
      problems.push(
        warningAt('character_slug', rel, {
          field: 'id',
          expected: said('cast.packet_id'),
          found: JSON.stringify(slug),
          fix: said('cast.packet_id.fix', { file: `${base}.json`, id: slug }),
        }),
      );
    map[slug] = data.display_name;
    files[slug] = { json: rel, md: `characters/active/${base}.md` };
  }
  return { map, files, problems };
}
