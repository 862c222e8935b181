import { Command, Option } from 'clipanion';
import { NovelError } from '../core/errors.js';
import { FORMATS, formatNamed, INPUT_FORMATS } from '../schemas/formats.js';
import { schemaFile } from '../io/package-files.js';
import { NovelCommand, type CommandResult } from './base-command.js';

export class SchemaCommand extends NovelCommand {
  static override paths = [['schema']];

  static override usage = Command.Usage({
    category: 'Reference',
    description: 'Print the format of a file an executor writes: its JSON Schema, or the rules of a text file',
    details: `
      Without a name, lists every format: its name, where the file goes and which agent writes it. With a name, prints the JSON Schema (draft-07) of a JSON format, or the rules and an example of a text format (chapter, summary, storyline memory, outline). The same formats, with examples, are in docs/formats.md.
    `,
    examples: [
      ['List the formats', '$0 schema'],
      ['The JSON Schema of an evaluation', '$0 schema eval'],
      ['The rules of a volume outline', '$0 schema outline'],
    ],
  });

  name = Option.String({ name: 'name', required: false });

  run(): CommandResult {
    if (this.name === undefined) {
      const rows = [...FORMATS, ...INPUT_FORMATS].map((f) => ({ name: f.name, path: f.path, writer: f.writer, kind: f.schema ? 'json' : 'text' }));
      const line = (r: (typeof rows)[number]) => `  ${r.name.padEnd(22)} ${r.path}`;
      return { data: { formats: rows }, text: ['what the agents write:', ...rows.slice(0, FORMATS.length).map(line), 'what the author writes:', ...rows.slice(FORMATS.length).map(line)].join('\n') };
    }
    const f = formatNamed(this.name);
    if (!f) {
      throw new NovelError('unknown_format', `schema ${this.name}: no such format; expected one of ${[...FORMATS, ...INPUT_FORMATS].map((x) => x.name).join(', ')}`, { hint: 'e.g. novel schema eval' });
    }
    if (!f.schema) {
      return { data: { name: f.name, kind: 'text', path: f.path, writer: f.writer, rules: f.rules, example: f.example }, text: [`${f.title}: ${f.path} (${f.writer})`, ...f.rules.map((r) => `- ${r}`), '', 'example:', f.example.trimEnd()].join('\n') };
    }
    const schema = schemaFile(f.name);
    return { data: { name: f.name, kind: 'json', path: f.path, writer: f.writer, rules: f.rules, example: JSON.parse(f.example) as unknown, schema }, text: [JSON.stringify(schema, null, 2), '', `${f.title}: ${f.path} (${f.writer})`, ...f.rules.map((r) => `- ${r}`), '', 'example:', f.example.trimEnd()].join('\n') };
  }
}
