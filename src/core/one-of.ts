/** A type guard for a fixed set of string choices (flag and argument values). */
export function oneOf<const T extends readonly string[]>(choices: T): (value: unknown) => value is T[number] {
  return (value: unknown): value is T[number] =>
    typeof value === 'string' && (choices as readonly string[]).includes(value);
}
