// Writes docs/packet.schema.json (JSON Schema, draft-07) from the valibot
// schema of the instruction packet. Run: npm run docs
import { toJsonSchema } from '@valibot/to-json-schema';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PacketSchema } from '../src/schemas/packet.js';

export function packetJsonSchema(): string {
  const schema = toJsonSchema(PacketSchema, { errorMode: 'throw' });
  return `${JSON.stringify(
    {
      ...schema,
      $id: 'https://novel.local/packet.schema.json',
      title: 'novel instruction packet',
      description:
        'What `novel instructions <step>` prints: the agent to run, its inline ' +
        'context and files, what it must write, and what to do after.',
    },
    null,
    2,
  )}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(fileURLToPath(new URL('../docs/packet.schema.json', import.meta.url)), packetJsonSchema());
  process.stdout.write('docs/packet.schema.json updated\n');
}
