// Writes docs/formats.md and docs/schemas/<name>.schema.json (JSON Schema,
// draft-07) from the formats table (src/schemas/formats.ts). Run: npm run docs
import { toJsonSchema } from '@valibot/to-json-schema';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FORMATS, INPUT_FORMATS, type FileFormat } from '../src/schemas/formats.js';
import { inlineLazy, MAX_JSON_DEPTH, shapeOf } from '../src/schemas/parse.js';

interface Node {
  type?: string;
  wrapped?: Node;
  entries?: Record<string, Node>;
  item?: Node;
  kind?: string;
  pipe?: Array<Node & { description?: string }>;
}

function descriptionOf(s: Node | undefined): string {
  let cur = s;
  while (cur) {
    const d = cur.pipe?.find((p) => p.type === 'description')?.description;
    if (d) return d;
    cur = cur.wrapped;
  }
  return '';
}

function unwrap(s: Node): Node {
  let cur = s;
  while (cur.wrapped) cur = cur.wrapped;
  return cur;
}

/** Rows of the fields table: top-level fields, one level of nested objects and array items. */
function fieldRows(schema: Node, prefix = '', depth = 0): string[] {
  const s = unwrap(schema);
  const rows: string[] = [];
  for (const [key, field] of Object.entries(s.entries ?? {})) {
    const required = field.type !== 'optional';
    const name = `${prefix}${key}`;
    rows.push(
      `| \`${name}\` | \`${shapeOf(field, 1).replace(/\|/g, '\\|')}\` | ` +
        `${required ? 'yes' : 'no'} | ${descriptionOf(field).replace(/\|/g, '\\|')} |`,
    );
    const inner = unwrap(field);
    if (depth < 1 && inner.entries) rows.push(...fieldRows(inner, `${name}.`, depth + 1));
    if (depth < 1 && inner.type === 'array' && inner.item && unwrap(inner.item).entries)
      rows.push(...fieldRows(inner.item, `${name}[].`, depth + 1));
  }
  return rows;
}

export function jsonSchemaOf(f: FileFormat): string {
  // Schemas built when first used (common.ts `lazily`) are read here as the schemas they stand for.
  const schema = toJsonSchema(inlineLazy(f.schema) as never, { errorMode: 'ignore' });
  return `${JSON.stringify(
    {
      ...schema,
      $id: `https://novel.local/schemas/${f.name}.schema.json`,
      title: f.title,
      description: `${f.path} — written by ${f.writer}`,
    },
    null,
    2,
  )}\n`;
}

export function formatsDoc(): string {
  const out: string[] = [
    '# File formats',
    '',
    '<!-- Generated from src/schemas/formats.ts by `npm run docs`; a test fails when it is out of date. -->',
    '',
    'Every file an executor writes under `staging/`, with its fields, types, limits and a valid example. JSON files ' +
      'are parsed with the schemas below (the same ones `novel validate` uses); unknown extra fields are kept, ' +
      `and no value may nest more than ${MAX_JSON_DEPTH} levels deep (no book file nests more than a few). ` +
      '`novel schema <name>` prints the JSON Schema of a JSON format (also in `docs/schemas/<name>.schema.json`).',
    '',
    '| name | file | written by |',
    '|---|---|---|',
    ...FORMATS.map((f) => `| [${f.name}](#${f.name}) | \`${f.path}\` | ${f.writer} |`),
    '',
    'The files the author writes, which novel reads (`novel schema <name>` explains each one, with an example):',
    '',
    '| name | file |',
    '|---|---|',
    ...INPUT_FORMATS.map((f) => `| [${f.name}](#${f.name}) | \`${f.path}\` |`),
    '',
  ];
  for (const f of [...FORMATS, ...INPUT_FORMATS]) {
    out.push(`## ${f.name}`, '', `**${f.title}.** \`${f.path}\`, written by ${f.writer}.`, '');
    const schema = f.schema && inlineLazy(f.schema);
    if (schema) {
      const variants = (unwrap(schema as unknown as Node) as { options?: Node[] }).options;
      if (unwrap(schema as unknown as Node).type === 'variant' && variants) {
        for (const o of variants) {
          out.push(
            `\`${shapeOf(o, 1)}\``,
            '',
            '| field | type | required | meaning |',
            '|---|---|---|---|',
            ...fieldRows(o),
            '',
          );
        }
      } else if (unwrap(schema as unknown as Node).entries) {
        out.push(
          '| field | type | required | meaning |',
          '|---|---|---|---|',
          ...fieldRows(schema as unknown as Node),
          '',
        );
      } else {
        out.push(`Shape: \`${shapeOf(schema, 3)}\``, '');
      }
      out.push(
        `JSON Schema: [docs/schemas/${f.name}.schema.json](schemas/` +
          `${f.name}.schema.json) (\`novel schema ${f.name}\`).`,
        '',
      );
    }
    out.push(
      'Rules:',
      '',
      ...f.rules.map((r) => `- ${r}`),
      '',
      'Example:',
      '',
      `\`\`\`${f.schema ? 'json' : 'markdown'}`,
      f.example.trimEnd(),
      '```',
      '',
    );
  }
  return out.join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const docs = fileURLToPath(new URL('../docs/', import.meta.url));
  writeFileSync(`${docs}formats.md`, formatsDoc());
  mkdirSync(`${docs}schemas`, { recursive: true });
  for (const f of [...FORMATS, ...INPUT_FORMATS])
    if (f.schema) writeFileSync(`${docs}schemas/${f.name}.schema.json`, jsonSchemaOf(f));
  process.stdout.write('docs/formats.md and docs/schemas/ updated\n');
}
