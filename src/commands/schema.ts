import { Option } from 'clipanion';
import { NovelError } from '../core/errors.js';
import { said, say } from '../core/messages.js';
import { FORMATS, formatNamed, INPUT_FORMATS } from '../schemas/formats.js';
import { schemaFile } from '../io/package-files.js';
import { usageOf, NovelCommand, type CommandResult } from './base-command.js';

export class SchemaCommand extends NovelCommand {
  static override paths = [['schema']];

  static override usage = usageOf('schema', 'reference', ['$0 schema', '$0 schema eval', '$0 schema outline']);

  name = Option.String({ name: 'name', required: false });

  run(): CommandResult {
    if (this.name === undefined) {
      const rows = [...FORMATS, ...INPUT_FORMATS].map((f) => ({
        name: f.name,
        path: f.path,
        writer: f.writer,
        kind: f.schema ? 'json' : 'text',
      }));
      const line = (r: (typeof rows)[number]) => `  ${r.name.padEnd(22)} ${r.path}`;
      return {
        data: { formats: rows },
        text: [
          say(this.lang, 'cmd.schema.agents'),
          ...rows.slice(0, FORMATS.length).map(line),
          say(this.lang, 'cmd.schema.author'),
          ...rows.slice(FORMATS.length).map(line),
        ].join('\n'),
      };
    }
    const f = formatNamed(this.name);
    if (!f) {
      throw new NovelError(
        'unknown_format',
        said('cmd.schema.unknown', {
          name: this.name,
          formats: [...FORMATS, ...INPUT_FORMATS].map((x) => x.name).join(', '),
        }),
        { hint: said('cmd.example', { example: 'novel schema eval' }) },
      );
    }
    const about = [
      say(this.lang, 'cmd.schema.format', { title: f.title, path: f.path, writer: f.writer }),
      ...f.rules.map((r) => `- ${r}`),
      '',
      say(this.lang, 'cmd.schema.example'),
      f.example.trimEnd(),
    ];
    if (!f.schema)
      return {
        data: { name: f.name, kind: 'text', path: f.path, writer: f.writer, rules: f.rules, example: f.example },
        text: about.join('\n'),
      };
    const schema = schemaFile(f.name);
    return {
      data: {
        name: f.name,
        kind: 'json',
        path: f.path,
        writer: f.writer,
        rules: f.rules,
        example: JSON.parse(f.example) as unknown,
        schema,
      },
      text: [JSON.stringify(schema, null, 2), '', ...about].join('\n'),
    };
  }
}
