/**
 * One message of the catalogue: its English and its Chinese, each a function
 * of the same arguments (named `a`, or `_` when there are none), and the list
 * helpers the messages share. A leaf: the catalogue's area files and the
 * catalogue itself build on it. Pure.
 */
export type Lang = 'en' | 'zh';

type Text<A> = (a: A) => string;
export interface Entry<A> {
  en: Text<A>;
  zh: Text<A>;
}
export const entry = <A = Record<string, never>>(en: Text<A>, zh: Text<A>): Entry<A> => ({ en, zh });

/** A line said by message id and arguments; an argument may itself be said. */
export interface Said {
  readonly id: string;
  readonly args: Readonly<Record<string, unknown>>;
}

/** What a person reads: a said line, or plain text shown as it is (a path, a value, a command). */
export type Words = string | Said;

export const isSaid = (w: unknown): w is Said =>
  typeof w === 'object' && w !== null && typeof (w as Said).id === 'string' && typeof (w as Said).args === 'object';

/** A list argument's items (a lone value counts as one). */
export const items = (list: unknown): string[] => (Array.isArray(list) ? list : [list]).map(String);
/** A list as the English text writes it. */
export const listEn = (list: unknown): string => items(list).join(', ');
/** A list as the Chinese text writes it. */
export const listZh = (list: unknown): string => items(list).join('、');
