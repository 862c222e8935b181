/** entity_id_map: {slug → display_name} from characters/active/*.json; slug = file name. */
import { warningAt, type Diagnostic } from '../diagnostics.js';
import { isSlug } from '../../schemas/common.js';
import { isObj, type ProjectView } from './project-view.js';

export interface Entities {
  map: Record<string, string>;
  problems: Diagnostic[];
}

export function entityIdMap(view: ProjectView): Entities {
  const map: Record<string, string> = {};
  const problems: Diagnostic[] = [];
  for (const rel of view.list('characters/active')) {
    if (!rel.endsWith('.json')) continue;
    const slug = rel.slice('characters/active/'.length, -'.json'.length);
    if (!isSlug(slug)) {
      problems.push(warningAt('invalid_character', rel, { field: 'file name', expected: 'a slug file name (^[a-z0-9][a-z0-9_-]{0,63}$.json)', found: JSON.stringify(slug), fix: 'rename the file to its slug' }));
      continue;
    }
    const data = view.json(rel);
    if (data === undefined) {
      problems.push(warningAt('invalid_character', rel, { expected: 'a JSON object {display_name, contracts, …}', found: 'a file that cannot be read as JSON', fix: 'fix the JSON; the character is left out until then' }));
      continue;
    }
    if (!isObj(data) || typeof data.display_name !== 'string' || data.display_name.trim() === '') {
      problems.push(warningAt('invalid_character', rel, { field: 'display_name', expected: 'a non-empty string', found: JSON.stringify(isObj(data) ? data.display_name : data) ?? 'nothing', fix: 'add "display_name"; the character is left out until then' }));
      continue;
    }
    map[slug] = data.display_name;
  }
  return { map, problems };
}
