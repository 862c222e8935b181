// The message catalogue's area parts (src/core/messages/{cli,core,io}.ts: the commands' help and refusals, the core's
// and the I/O shell's words, some 200 KB of a command's 580 KB bundle, most of it Chinese escaped as \uXXXX) are files
// of their own beside the bundles: dist/messages.<part>.cjs. In a bundle, each is a stub that exports the same names
// (its group table, its functions) and loads the part when one of its groups is first built. `novel next` prints a
// step id and says no message of them, so it reads, decodes and compiles none; a command that speaks loads the parts
// it speaks from. The catalogue's own groups (src/core/messages.ts: the pipeline's words, status, next, the errors)
// stay in the bundles: the hot commands speak from them.
//
// A part is bundled without the modules it imports from the rest of novel (the message entry, the step table, the
// catalogue itself...): the stub hands it the bundle's own instances of them, so that one module is one module.
import { build } from 'esbuild';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { NODE_BUNDLE } from './bundle-options.mjs';

/** The parts that live beside the bundles (web.ts stays in: it is small, and the dashboard's columns are data). */
export const CATALOGUE_PARTS = ['cli', 'core', 'io'];

const partPath = (repo, part) => join(repo, 'src/core/messages', `${part}.ts`);
const isPart = (repo) => (path) => CATALOGUE_PARTS.some((part) => path === partPath(repo, part));

/** A part bundled on its own: what it imports from outside src/core/messages/<part>.ts stays a require. */
async function bundlePart(repo, part, outfile) {
  const hosts = new Set();
  await build({
    ...NODE_BUNDLE,
    entryPoints: [partPath(repo, part)],
    outfile,
    plugins: [
      {
        name: 'catalogue-part-hosts',
        setup(b) {
          b.onResolve({ filter: /^\.\.?\// }, (args) => {
            if (args.kind === 'entry-point') return undefined;
            hosts.add(args.path);
            return { path: args.path, external: true };
          });
        },
      },
    ],
  });
  return [...hosts].sort();
}

/**
 * Each part's exports, as the stubs give them: a group table by its group names, a function as a function. Read by
 * running each part bundled whole (with the modules it imports) in this process.
 */
async function partExports(repo, part) {
  const result = await build({ ...NODE_BUNDLE, minify: false, entryPoints: [partPath(repo, part)], write: false });
  const module = { exports: {} };
  new Function('module', 'exports', 'require', result.outputFiles[0].text)(
    module,
    module.exports,
    createRequire(import.meta.url),
  );
  return Object.fromEntries(
    Object.entries(module.exports).map(([name, value]) => {
      if (typeof value === 'function') return [name, 'function'];
      if (/_GROUPS$/.test(name) && Object.values(value).every((g) => typeof g === 'function'))
        return [name, Object.keys(value)];
      throw new Error(
        `src/core/messages/${part}.ts exports ${name}, neither a group table nor a function: ` +
          'a part beside the bundle can only give those (scripts/lib/catalogue-parts.mjs)',
      );
    }),
  );
}

/** The stub of a part in a bundle: the part's names, loading dist/messages.<part>.cjs at the first use of one. */
function stubSource(part, hosts, exports) {
  const imports = hosts.map((h, i) => `import * as host${i} from ${JSON.stringify(h)};`).join('\n');
  const table = hosts.map((h, i) => `${JSON.stringify(h)}: host${i}`).join(', ');
  const group = (name) => (g) => `  ${JSON.stringify(g)}: () => part().${name}[${JSON.stringify(g)}](),`;
  const names = Object.entries(exports).map(([name, shape]) =>
    shape === 'function'
      ? `export const ${name} = (...args) => part().${name}(...args);`
      : `export const ${name} = {\n${shape.map(group(name)).join('\n')}\n};`,
  );
  return `${imports}
const hosts = { ${table} };
let loaded;
/** dist/messages.${part}.cjs, compiled once, with this bundle's own modules for what it imports. */
function part() {
  if (loaded === undefined) {
    const file = require('node:path').join(__dirname, 'messages.${part}.cjs');
    const source = require('node:fs').readFileSync(file, 'latin1');
    const wrapper = new (require('node:vm').Script)(source, { filename: file }).runInThisContext();
    const module = { exports: {} };
    const need = (id) => (Object.hasOwn(hosts, id) ? hosts[id] : require(id));
    wrapper.call(module.exports, module.exports, need, module, file, __dirname);
    loaded = module.exports;
  }
  return loaded;
}
${names.join('\n')}
`;
}

/**
 * Writes dist/messages.<part>.cjs for every part (wrapped as a CommonJS module function by `wrapBundle`, as the
 * bundles are) and returns the esbuild plugin that puts the stubs in the bundles.
 */
export async function catalogueParts(repo, dist, wrapBundle) {
  const stubs = new Map();
  for (const part of CATALOGUE_PARTS) {
    const outfile = join(dist, `messages.${part}.cjs`);
    const hosts = await bundlePart(repo, part, outfile);
    wrapBundle(outfile);
    stubs.set(partPath(repo, part), stubSource(part, hosts, await partExports(repo, part)));
  }
  const inPart = isPart(repo);
  return {
    name: 'catalogue-parts-beside',
    setup(b) {
      b.onLoad({ filter: /[\\/]src[\\/]core[\\/]messages[\\/][a-z]+\.ts$/ }, (args) =>
        inPart(args.path)
          ? { contents: stubs.get(args.path), loader: 'js', resolveDir: join(repo, 'src/core/messages') }
          : undefined,
      );
    },
  };
}
