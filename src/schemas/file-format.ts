/**
 * A file format as the docs, the adapters' briefs and `novel schema` show it:
 * where the file goes, who writes it, its schema or rules, and a valid
 * example. A leaf module: the schema modules and the formats table both read
 * it.
 */
import type * as v from 'valibot';

export interface FileFormat {
  /** `novel schema <name>`; docs/schemas/<name>.schema.json for JSON formats. */
  name: string;
  title: string;
  path: string;
  writer: string;
  schema?: v.GenericSchema;
  /** Rules beyond the schema (text formats: all of them). */
  rules: string[];
  example: string;
  /**
   * Where the example belongs in the demo project (chapter 4, volume 2 = chapters 31–32); null: not a file of its own.
   */
  exampleAt: string | null;
  /** Further files of the same format that complete the example (the contract of each planned chapter). */
  moreExamples?: Array<{ path: string; example: string }>;
}

/** An example JSON file as the docs print it. */
export const jsonExample = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;
