/** hard_rules_list: world/rules.json rules with constraint_type hard, sorted by id. */
import { isObj } from './project-view.js';

export function hardRulesList(rules: unknown): string[] {
  const list = isObj(rules) && Array.isArray(rules.rules) ? rules.rules : [];
  return list
    .filter((r): r is Record<string, unknown> => isObj(r) && r.constraint_type === 'hard' && typeof r.id === 'string')
    .sort((a, b) => (String(a.id) < String(b.id) ? -1 : String(a.id) > String(b.id) ? 1 : 0))
    .map((r) => {
      const exceptions =
        Array.isArray(r.exceptions) && r.exceptions.length
          ? ` (exceptions: ${r.exceptions.map(String).join('; ')})`
          : '';
      return `- [${String(r.id)}][${String(r.category ?? '')}] ${String(r.rule ?? '')}${exceptions}`;
    });
}
