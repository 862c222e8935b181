/** Files shipped with novel itself (the demo project), found from the running module. */
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NovelError } from '../core/errors.js';
import { said } from '../core/messages.js';

declare const __dirname: string | undefined;

function moduleDir(): string {
  // The bundle (dist/novel.cjs) is CommonJS; the sources run as ES modules.
  return typeof __dirname === 'string' ? __dirname : path.dirname(fileURLToPath(import.meta.url));
}

export function packageRoot(): string {
  let dir = moduleDir();
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg) && /"name":\s*"novel"/.test(readFileSync(pkg, 'utf8'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new NovelError('internal', said('fs.no_package_root'), { exitCode: 1 });
    dir = parent;
  }
}

export function demoProjectSource(): string {
  return path.join(packageRoot(), 'fixtures/project');
}

/** A file of the built dashboard page (dist/web/), by its name. */
export function webAsset(name: string): Buffer {
  return readFileSync(path.join(packageRoot(), 'dist/web', name));
}

/** The JSON Schema of a format, as generated into docs/schemas/ (`novel schema NAME`). */
export function schemaFile(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(packageRoot(), 'docs/schemas', `${name}.schema.json`), 'utf8')) as Record<
    string,
    unknown
  >;
}
