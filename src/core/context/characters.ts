/**
 * L2 pruning (PROTOCOL §9): which characters a packet loads. With contract
 * preconditions.character_states: exactly those (display names → slugs), no
 * cap. Otherwise at most 15 active characters by last appearance in the 10
 * latest summaries (newest first), then slug ascending.
 */
import { warningAt, type Diagnostic } from '../../schemas/diagnostics.js';
import { said } from '../messages.js';
import { isObj, type Obj } from './project-view.js';

export const L2_CAP = 15;
export const L2_SUMMARY_WINDOW = 10;

export interface CharacterSelection {
  slugs: string[];
  rule: 'contract_preconditions' | 'recent_appearance';
  problems: Diagnostic[];
}

export function selectCharacters(
  entityMap: Readonly<Record<string, string>>,
  contract: Obj | undefined,
  contractPath: string,
  /** Summaries of the latest chapters, newest first: [{chapter, text}]. */
  summaries: ReadonlyArray<{ chapter: number; text: string }>,
): CharacterSelection {
  const preconditions = contract?.preconditions;
  const states = isObj(preconditions) ? preconditions.character_states : undefined;
  if (isObj(states)) {
    const bySlugName = new Map(Object.entries(entityMap).map(([slug, name]) => [name, slug]));
    const slugs: string[] = [];
    const problems: Diagnostic[] = [];
    for (const name of Object.keys(states)) {
      const slug = bySlugName.get(name) ?? (entityMap[name] !== undefined ? name : undefined);
      if (slug === undefined) {
        problems.push(
          warningAt('unknown_character', contractPath, {
            field: `preconditions.character_states.${name}`,
            expected: said('cast.known_name'),
            found: JSON.stringify(name),
            fix: said('cast.known_name.fix'),
          }),
        );
      } else if (!slugs.includes(slug)) slugs.push(slug);
    }
    return { slugs: slugs.sort(), rule: 'contract_preconditions', problems };
  }
  const window = summaries.slice(0, L2_SUMMARY_WINDOW);
  const last = new Map<string, number>();
  for (const [slug, name] of Object.entries(entityMap)) {
    const hit = window.find((s) => s.text.includes(name));
    if (hit) last.set(slug, hit.chapter);
  }
  const slugs = Object.keys(entityMap)
    .sort((a, b) => {
      const la = last.get(a) ?? -1;
      const lb = last.get(b) ?? -1;
      return la !== lb ? lb - la : a < b ? -1 : a > b ? 1 : 0;
    })
    .slice(0, L2_CAP);
  return { slugs, rule: 'recent_appearance', problems: [] };
}
