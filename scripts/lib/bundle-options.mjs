// The esbuild options every bundle of the CLI is built with (scripts/build.mjs), and the stack floor of
// `npm run bench` (scripts/lib/stack-floor.mjs) with them: the same plugins, so that both bundles load the same way.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
// require.resolve('clipanion') is lib/advanced/index.js; the platform module sits in lib/platform.
const clipanionBrowserPlatform = join(dirname(require.resolve('clipanion')), '../platform/browser.js');

/**
 * A bundle stored already wrapped as a CommonJS module function, so the bin compiles it as it is: no copy of 400 KB
 * of source to wrap at every start, and no node:module (which loads the ES module machinery) on the way. The loader
 * decodes a bundle as latin1 (fastest); that is only right for ASCII.
 */
export function wrapBundle(file) {
  const { wrap } = require('node:module');
  const bytes = readFileSync(file);
  const nonAscii = bytes.findIndex((b) => b > 0x7f);
  if (nonAscii >= 0) {
    const context = bytes.subarray(Math.max(0, nonAscii - 40), nonAscii + 20).toString('utf8');
    throw new Error(
      `${file} must be ASCII; a non-ASCII byte at ${nonAscii}: …${context}… (escape it as \\uXXXX in the source)`,
    );
  }
  writeFileSync(file, wrap(bytes.toString('latin1')), 'latin1');
}

/**
 * What every bundle node runs is built as: one minified CommonJS file for Node 20. The licences of what a bundle holds
 * go to dist/THIRD-PARTY-NOTICES.txt (scripts/build.mjs), with each package's own licence text.
 */
export const NODE_BUNDLE = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
};

/**
 * The options for `src/main.ts` bundled into `outfile`; `repo` is the repository's root, `plugins` go first (the
 * catalogue's parts beside the bundle, scripts/lib/catalogue-parts.mjs).
 */
export function bundleOptions(repo, outfile, plugins = []) {
  return {
    ...NODE_BUNDLE,
    entryPoints: [join(repo, 'src/main.ts')],
    outfile,
    metafile: true,
    // Only `novel run --inspect` needs the inspector (and its WebSocket stack):
    // it is loaded from node_modules on demand instead of growing every start.
    external: ['@statelyai/inspect'],
    // src/io/package-files.ts reads import.meta.url only when __dirname is absent (ESM sources).
    logOverride: { 'empty-import-meta': 'silent' },
    // clipanion's default context reads process.stdin/stdout/stderr when it
    // loads, which builds three streams at every start; novel never reads
    // standard input and writes through src/io/stdio.ts.
    define: {
      'process.stdin': 'globalThis.__novelNoStdio',
      'process.stdout': 'globalThis.__novelNoStdio',
      'process.stderr': 'globalThis.__novelNoStdio',
    },
    plugins: [
      ...plugins,
      {
        // write-file-atomic loads node:crypto and worker_threads when it loads,
        // only to name its temporary files; inside the bundle it gets a crypto
        // loaded at the first write and the main thread's id (scripts/shims/),
        // resolved in place of the built-ins — its own source is not touched.
        name: 'write-file-atomic-lazy-builtins',
        setup(b) {
          const shims = {
            'node:crypto': 'lazy-crypto.cjs',
            worker_threads: 'main-thread.cjs',
            'node:worker_threads': 'main-thread.cjs',
          };
          b.onResolve({ filter: /^(node:crypto|(node:)?worker_threads)$/ }, (args) =>
            /write-file-atomic[\\/]lib[\\/]index\.js$/.test(args.importer)
              ? { path: join(repo, 'scripts/shims', shims[args.path]) }
              : undefined,
          );
        },
      },
      {
        // markdown-it (export only) is its own file, dist/markdown-it.cjs, loaded
        // when an export renders a chapter: it does not grow every start, and
        // its non-ASCII source stays out of the latin1-decoded bundle.
        name: 'markdown-it-beside',
        setup(b) {
          b.onResolve({ filter: /^markdown-it$/ }, () => ({ path: 'markdown-it', namespace: 'markdown-it-beside' }));
          b.onLoad({ filter: /.*/, namespace: 'markdown-it-beside' }, () => ({
            contents: "module.exports = require(require('node:path').join(__dirname, 'markdown-it.cjs'));",
            loader: 'js',
          }));
        },
      },
      {
        // write-file-atomic and signal-exit, as src/ imports them, are loaded at novel's first write
        // (scripts/shims/lazy-*.cjs): a command that only reads evaluates neither. The shims' own requires take the
        // real modules.
        name: 'writer-at-first-write',
        setup(b) {
          const shims = { 'write-file-atomic': 'lazy-write-file-atomic.cjs', 'signal-exit': 'lazy-signal-exit.cjs' };
          const fromSrc = join(repo, 'src');
          b.onResolve({ filter: /^(write-file-atomic|signal-exit)$/ }, (args) =>
            args.importer.startsWith(fromSrc) ? { path: join(repo, 'scripts/shims', shims[args.path]) } : undefined,
          );
        },
      },
      {
        // signal-exit ships an ES module build and a CommonJS one: src/io/project-fs.ts
        // imports the first, write-file-atomic requires the second. Both would be
        // bundled, and both would set up their signal handlers; the bundle keeps
        // the CommonJS one for both (they share one emitter either way).
        name: 'one-signal-exit',
        setup(b) {
          const cjs = require.resolve('signal-exit');
          b.onResolve({ filter: /^signal-exit$/ }, () => ({ path: cjs }));
        },
      },
      {
        name: 'clipanion-platform',
        setup(b) {
          b.onResolve({ filter: /^\.\.?\/platform(\/node)?(\.js)?$/ }, (args) =>
            args.importer.includes(`${'node_modules'}/clipanion/`) ? { path: clipanionBrowserPlatform } : undefined,
          );
        },
      },
      {
        // XState builds each transition of a machine as `{ ...transitionConfig, actions, guard, ... }`. On Node 20
        // (V8 11.3) that spread costs about 1 KB of allocation a transition, against some 0.4 KB for the same object
        // made with Object.assign; the book machine, made at every start, has 84. In the bundle the object is made
        // with Object.assign({}, transitionConfig, { ... }): the same own properties in the same order (a transition's
        // config is a plain object of the machine's own source). In-process, `novel next` -0.2 to -0.7 ms (pairs
        // medians of 60-100 alternated runs; p10 -0.4 ms). The build fails if an XState update changes the code this
        // replaces.
        name: 'xstate-transitions-without-spread',
        setup(b) {
          b.onLoad({ filter: /[\\/]xstate[\\/]dist[\\/]raise-[0-9a-f]+\.esm\.js$/ }, (args) => {
            const source = readFileSync(args.path, 'utf8');
            const head =
              '  const transition = {\n    ...transitionConfig,\n    actions: toArray(transitionConfig.actions),\n';
            const tail = '\n  };\n  return transition;\n';
            const at = source.indexOf(head);
            const end = source.indexOf(tail, at);
            if (at < 0 || end < 0 || source.indexOf(head, at + 1) >= 0)
              throw new Error(`${args.path}: formatTransition is not as this build expects; look at the plugin again`);
            const contents =
              source.slice(0, at) +
              '  const transition = Object.assign({}, transitionConfig, {\n' +
              '    actions: toArray(transitionConfig.actions),\n' +
              source.slice(at + head.length, end) +
              '\n  });\n  return transition;\n' +
              source.slice(end + tail.length);
            return { contents, loader: 'js' };
          });
        },
      },
      {
        // XState formats every transition of every state node, and gathers the machine's events, when a machine is
        // made; `novel next` makes the book machine (38 state nodes, 84 transitions) and then reads the transitions of
        // the few states it passes through. In the bundle a state node's `transitions` and `always`, and a machine's
        // `events`, are getters that format them at their first read (memoized as XState memoizes `on` and
        // `events`): the same values, made when first needed. A node with delayed transitions (`after`, which add
        // entry and exit actions as they are formatted) is still formatted when the machine is made. In-process,
        // `novel next` allocates some 210 KB less (of some 1.4 MB) and runs ~1.5 ms less. The build fails if an
        // XState update changes the code this replaces.
        name: 'xstate-transitions-on-first-read',
        setup(b) {
          b.onLoad({ filter: /[\\/]xstate[\\/]dist[\\/]StateMachine-[0-9a-f]+\.esm\.js$/ }, (args) => {
            let source = readFileSync(args.path, 'utf8');
            const replace = (from, to) => {
              const at = source.indexOf(from);
              if (at < 0 || source.indexOf(from, at + 1) >= 0)
                throw new Error(
                  `${args.path}: the machine's construction is not as this build expects; look at the plugin again`,
                );
              source = source.slice(0, at) + to + source.slice(at + from.length);
            };
            // The own properties that would hide the getters.
            replace('    this.transitions = void 0;\n    this.always = void 0;\n', '');
            replace(
              '  _initialize() {\n' +
                '    this.transitions = formatTransitions(this);\n' +
                '    if (this.config.always) {\n' +
                '      this.always = toTransitionConfigArray(this.config.always)' +
                '.map(t => formatTransition(this, NULL_EVENT, t));\n' +
                '    }\n',
              '  get transitions() {\n' +
                "    return memo(this, 'transitions', () => formatTransitions(this));\n" +
                '  }\n' +
                '  get always() {\n' +
                "    return memo(this, 'always', () => this.config.always\n" +
                '      ? toTransitionConfigArray(this.config.always)' +
                '.map(t => formatTransition(this, NULL_EVENT, t))\n' +
                '      : undefined);\n' +
                '  }\n' +
                '  _initialize() {\n' +
                '    if (this.config.after) void this.transitions;\n',
            );
            replace('    this.states = void 0;\n    this.events = void 0;\n', '    this.states = void 0;\n');
            replace(
              '    this.states = this.root.states; // TODO: remove!\n    this.events = this.root.events;\n  }\n',
              '    this.states = this.root.states; // TODO: remove!\n  }\n' +
                '  get events() {\n    return this.root.events;\n  }\n',
            );
            return { contents: source, loader: 'js' };
          });
        },
      },
      {
        // valibot gives each schema it makes a Standard Schema interface (`~standard`: an object and a closure), for
        // other libraries to validate with; neither novel nor valibot reads it. `novel next` makes some 700 schemas
        // as its modules load. In the bundle the schemas are made without it. The build fails if a valibot update
        // changes the code this replaces.
        name: 'valibot-without-standard-interface',
        setup(b) {
          b.onLoad({ filter: /[\\/]valibot[\\/]dist[\\/]index\.mjs$/ }, (args) => {
            const source = readFileSync(args.path, 'utf8');
            const from =
              'function _standardSchema(schema) {\n\tschema["~standard"] = {\n\t\tversion: 1,\n' +
              '\t\tvendor: "valibot",\n' +
              '\t\tvalidate: (value$1) => schema["~run"]({ value: value$1 }, ' +
              '/* @__PURE__ */ getGlobalConfig())\n\t};\n' +
              '\treturn schema;\n}\n';
            const at = source.indexOf(from);
            if (at < 0 || source.indexOf(from, at + 1) >= 0 || source.includes('"~standard"].'))
              throw new Error(
                `${args.path}: valibot's schemas are not made as this build expects; look at the plugin again`,
              );
            const contents =
              source.slice(0, at) +
              'function _standardSchema(schema) {\n\treturn schema;\n}\n' +
              source.slice(at + from.length);
            return { contents, loader: 'js' };
          });
        },
      },
    ],
  };
}
