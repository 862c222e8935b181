import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NovelError } from '../../src/core/errors.js';
import { readFingerprint, recordedValues, updateFingerprint } from '../../src/io/fingerprint.js';
import { ProjectFs } from '../../src/io/project-fs.js';
import { cleanupTempDirs, tempDir } from '../helpers/project.js';

afterAll(cleanupTempDirs);

const sha = (c: string): string => c.repeat(64);

describe('the fingerprint read again by one command', () => {
  it('answers from the text on disk each time: an edit between two reads is seen, a damage refused', () => {
    const root = tempDir();
    mkdirSync(join(root, '.novel'));
    const main = join(root, '.novel/fingerprint.json');
    writeFileSync(main, `${JSON.stringify({ files: { 'state/current-state.json': sha('a') } }, null, 2)}\n`);
    const fs = new ProjectFs(root);
    expect(recordedValues(fs, ['state/current-state.json'])).toEqual({ 'state/current-state.json': sha('a') });
    // What a caller is given is its own: changing it changes nothing read next.
    const got = recordedValues(fs, ['state/current-state.json']) as Record<string, string>;
    got['state/current-state.json'] = sha('f');
    expect(recordedValues(fs, ['state/current-state.json'])).toEqual({ 'state/current-state.json': sha('a') });
    writeFileSync(main, `${JSON.stringify({ files: { 'state/current-state.json': sha('b') } }, null, 2)}\n`);
    expect(recordedValues(fs, ['state/current-state.json'])).toEqual({ 'state/current-state.json': sha('b') });
    writeFileSync(main, `${JSON.stringify({ files: { 'state/current-state.json': 'not a sha' } }, null, 2)}\n`);
    expect(() => recordedValues(fs, ['state/current-state.json'])).toThrow(NovelError);
    writeFileSync(main, Buffer.from([0x7b, 0xff, 0x7d]));
    expect(() => recordedValues(fs, ['state/current-state.json'])).toThrow(/fingerprint/);
  });

  it('updates from what is on disk, twice in a row', () => {
    const root = tempDir();
    mkdirSync(join(root, '.novel'));
    writeFileSync(join(root, '.novel/fingerprint.json'), `${JSON.stringify({ files: { 'a.md': sha('a') } })}\n`);
    const fs = new ProjectFs(root);
    updateFingerprint(fs, { 'b.md': sha('b') });
    updateFingerprint(fs, { 'c.md': sha('c') });
    expect(readFingerprint(fs)).toEqual({ 'a.md': sha('a'), 'b.md': sha('b'), 'c.md': sha('c') });
  });
});
