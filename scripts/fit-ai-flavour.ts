/**
 * Fits the AI-flavour model (PROTOCOL §16) on a labelled corpus and writes
 * src/core/ai-flavour.model.json: the features' weights, the corpus's sha256,
 * the thresholds chosen from the held-out curve, and the leave-one-source-out
 * AUCs. Offline only: `novel` never fits at run time.
 *
 *   npx tsx scripts/fit-ai-flavour.ts [CORPUS] [--check]
 *
 * CORPUS holds ai/ and human/ folders of .txt chapters (default
 * ../shared/quality-corpus). --check fits again and exits 1 when the shipped
 * model differs from what this corpus gives (a test runs it).
 *
 * The model has no intercept and its features are neither centred nor
 * scaled: a text with none of them scores 0.5, only what a text does moves
 * the score, and the penalty shrinks every weight alike in the features' own
 * unit (log1p of a rate per 1,000 字). Scaled by their spread, rare features
 * (a few 很轻 in a corpus) got weights that made four of them in a chapter
 * read as certain; unscaled, the negation-correction, the one feature known
 * to hold on human web fiction too, leads.
 *
 * Thresholds: the hard one is the lowest multiple of 0.05 at or above both
 * 0.9 and every human text's held-out score + 0.05 (no human chapter of the
 * corpus is hard, with a margin for web fiction it does not hold); the soft
 * one is the lowest multiple of 0.05 at or above both 0.6 (above the 0.5 of a
 * text without any feature) and the 90th
 * percentile of the human held-out scores.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import writeFileAtomic from 'write-file-atomic';
import { AI_FEATURES, type AiFlavourModel } from '../src/core/ai-flavour.js';
import { fitLogistic } from '../src/core/logistic-fit.js';
import { evaluate, leaveOneSourceOut, type EvalSample } from '../src/core/quality-eval.js';
import { resolveQuality } from '../src/core/quality-settings.js';
import { corpusSha256, labelledSamples, readTextFolder } from '../src/io/text-folder.js';

const repo = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const check = args.includes('--check');
const corpus = args.find((a) => !a.startsWith('--')) ?? join(repo, '../shared/quality-corpus');
const out = join(repo, 'src/core/ai-flavour.model.json');
const LAMBDA = 1;

const folders = { ai: join(corpus, 'ai'), human: join(corpus, 'human') };
const samples: EvalSample[] = labelledSamples(folders, resolveQuality(undefined)).map((s) => ({
  ...s,
  name: `${s.label === 1 ? 'ai' : 'human'}/${s.name}`,
}));
const files = [
  ...readTextFolder(folders.ai, 'ai/').map((file) => ({ label: 'ai', file })),
  ...readTextFolder(folders.human, 'human/').map((file) => ({ label: 'human', file })),
];

const ids = AI_FEATURES.map((f) => f.id);
const fitted = fitLogistic(samples, ids, LAMBDA, { intercept: false, scale: false });
const base: AiFlavourModel = {
  version: 1,
  transform:
    'log1p(count per 1,000 字), neither centred nor scaled (sd 1), no intercept: ' +
    'a text with none of the features scores 0.5; each term clipped to ±4',
  features: fitted.features,
  intercept: fitted.intercept,
  lambda: LAMBDA,
  fit_intercept: false,
  fit_scale: false,
  thresholds: { soft: 0.5, hard: 0.9, rule: '' },
  corpus: {
    name: 'quality-corpus',
    sha256: corpusSha256(files),
    ai: samples.filter((s) => s.label === 1).length,
    human: samples.filter((s) => s.label === 0).length,
    sources: [...new Set(samples.map((s) => s.source))].sort(),
  },
  fitted_by: 'scripts/fit-ai-flavour.ts',
  evaluation: { in_sample_auc: 0, loso_auc: {} },
};
const loso = leaveOneSourceOut(samples, base);
const human = samples
  .filter((s) => s.label === 0)
  .map((s) => loso.heldOutScores.get(s.name) as number)
  .sort((a, b) => a - b);
const up05 = (x: number): number => Math.round(Math.ceil(x * 20 - 1e-9) * 5) / 100;
const hard = Math.max(0.9, up05(Math.min(0.99, (human[human.length - 1] ?? 0) + 0.05)));
const soft = Math.max(0.6, up05(human[Math.min(human.length - 1, Math.floor(0.9 * human.length))] ?? 0));
const model: AiFlavourModel = {
  ...base,
  thresholds: {
    soft,
    hard,
    rule:
      'hard: lowest 0.05 step ≥ max(0.9, highest human held-out score + 0.05); ' +
      'soft: lowest 0.05 step ≥ max(0.6, 90th percentile of human held-out scores)',
  },
  evaluation: {
    in_sample_auc: evaluate(samples, base, { soft, hard }).auc ?? 0,
    loso_auc: Object.fromEntries(loso.bySource.map((b) => [b.source, b.auc ?? 0])),
  },
};
const text = `${JSON.stringify(model, null, 2)}\n`;
if (check) {
  const shipped = readFileSync(out, 'utf8');
  if (shipped !== text) {
    process.stderr.write(`${out} differs from a fit on ${corpus}: run npx tsx scripts/fit-ai-flavour.ts\n`);
    process.exit(1);
  }
  process.stdout.write(`${out} matches a fit on ${corpus}\n`);
} else {
  writeFileAtomic.sync(out, text);
  process.stdout.write(`wrote ${out}\n`);
}
process.stdout.write(`in-sample AUC ${model.evaluation.in_sample_auc}; thresholds soft ${soft}, hard ${hard}\n`);
for (const b of loso.bySource) process.stdout.write(`  held out ${b.source} (${b.label}, ${b.n}): AUC ${b.auc}\n`);
process.stdout.write(`human held-out scores: ${human.map((x) => x.toFixed(3)).join(' ')}\n`);
