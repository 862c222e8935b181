/**
 * entity_id_map: {slug → display_name} from characters/active/*.json. The
 * slug is the file's own `id` when it is one, else the file name; so a file
 * may be named in Chinese (苏清漪.json with "id": "su-qingyi"), and novel says
 * which slug it used.
 */
import { warningAt, type Diagnostic } from '../../schemas/diagnostics.js';
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
      problems.push(warningAt('invalid_character', rel, { expected: 'a JSON object {display_name, contracts, …}', found: 'a file that cannot be read as JSON', fix: 'fix the JSON; the character is left out until then' }));
      continue;
    }
    const id = isObj(data) && typeof data.id === 'string' ? data.id : undefined;
    const slug = id !== undefined && isSlug(id) ? id : isSlug(base) ? base : undefined;
    if (slug === undefined) {
      problems.push(warningAt('invalid_character', rel, { field: 'id', expected: 'a slug id (^[a-z0-9][a-z0-9_-]{0,63}$) in the file, or a file named by its slug', found: id === undefined ? `no "id", and the file name ${JSON.stringify(base)} is not a slug` : JSON.stringify(id), fix: `add "id": "<slug>" (e.g. "su-qingyi") to the file; the character is left out until then` }));
      continue;
    }
    if (!isObj(data) || typeof data.display_name !== 'string' || data.display_name.trim() === '') {
      problems.push(warningAt('invalid_character', rel, { field: 'display_name', expected: 'a non-empty string', found: JSON.stringify(isObj(data) ? data.display_name : data) ?? 'nothing', fix: 'add "display_name"; the character is left out until then' }));
      continue;
    }
    if (files[slug]) {
      problems.push(warningAt('duplicate_character', rel, { field: 'id', expected: 'one file per character id', found: `${JSON.stringify(slug)}, also the id of ${files[slug].json}`, fix: 'give each character its own id; this file is left out' }));
      continue;
    }
    if (slug !== base) problems.push(warningAt('character_slug', rel, { field: 'id', expected: 'the id the packets use for this character', found: JSON.stringify(slug), fix: `nothing to do: ${base}.json is known as ${slug} in every packet` }));
    map[slug] = data.display_name;
    files[slug] = { json: rel, md: `characters/active/${base}.md` };
  }
  return { map, files, problems };
}
