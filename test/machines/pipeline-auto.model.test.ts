/**
 * The pipeline model under revision policy auto (test/helpers/pipeline-model-paths.ts): every path through the real
 * CLI.
 */
import { afterAll } from 'vitest';
import { MODELS, describeModel } from '../helpers/pipeline-model-paths.js';
import { cleanupTempDirs } from '../helpers/project.js';

afterAll(cleanupTempDirs);

describeModel(MODELS[0]);
