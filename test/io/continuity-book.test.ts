/** The continuity checks' facts of a book: the places its characters are at are names of the book, cached or not. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readContinuityFacts } from '../../src/io/continuity-book.js';
import { ProjectFs } from '../../src/io/project-fs.js';
import { cleanupTempDirs, fixtureCopy, novel } from '../helpers/project.js';

afterAll(cleanupTempDirs);

describe('readContinuityFacts', () => {
  it('knows every place of the state, from the files and from the record a mutating command keeps', () => {
    const root = fixtureCopy();
    const statePath = join(root, 'state/current-state.json');
    const state = JSON.parse(readFileSync(statePath, 'utf8'));
    // A character of the state who is in no cast file: their place is a name of the book all the same.
    state.characters['walker-1'] = { location: '落霞坡' };
    writeFileSync(statePath, `${JSON.stringify(state, null, 2)}\n`);
    const fresh = readContinuityFacts(new ProjectFs(root));
    expect(fresh.cast.known.has('落霞坡')).toBe(true);
    expect(fresh.cast.known.has('外门杂院')).toBe(true);

    const mutating = new ProjectFs(root);
    mutating.mutating = true;
    readContinuityFacts(mutating);
    for (const keep of mutating.afterSuccess.splice(0)) keep();
    const record = JSON.parse(readFileSync(join(root, 'logs/.cache/continuity-facts.json'), 'utf8'));
    // The record keeps the places, not a character who has a place and nothing else the checks read.
    expect(record.state.places).toEqual(['外门杂院', '落霞坡']);
    expect(Object.keys(record.state.characters)).not.toContain('walker-1');
    const cached = readContinuityFacts(new ProjectFs(root));
    expect(cached.cast.known.has('落霞坡')).toBe(true);
    expect(cached.state).toEqual(record.state);
    // The places come from the record (its content is no part of its key): a place only it names is known.
    record.state.places.push('某地');
    writeFileSync(join(root, 'logs/.cache/continuity-facts.json'), JSON.stringify(record));
    expect(readContinuityFacts(new ProjectFs(root)).cast.known.has('某地')).toBe(true);
  });

  it('has its record made by any mutating command where none of this shape is', async () => {
    const root = fixtureCopy();
    const key = join(root, 'logs/.cache/continuity-key.json');
    const data = join(root, 'logs/.cache/continuity-facts.json');
    expect(existsSync(key)).toBe(false);
    // state verify --accept reads no facts of its own: it makes the record all the same.
    expect((await novel(root, ['state', 'verify', '--accept'])).code).toBe(0);
    expect(JSON.parse(readFileSync(key, 'utf8')).shape).toBe(2);
    expect(Object.keys(JSON.parse(readFileSync(data, 'utf8')))).toEqual(['state', 'resolved']);
    // An older version's record (no shape; `slim`): made anew.
    const old = JSON.parse(readFileSync(key, 'utf8'));
    delete old.shape;
    writeFileSync(key, JSON.stringify(old));
    writeFileSync(data, JSON.stringify({ slim: {}, resolved: [] }));
    expect((await novel(root, ['state', 'verify', '--accept'])).code).toBe(0);
    expect(JSON.parse(readFileSync(key, 'utf8')).shape).toBe(2);
    expect(Object.keys(JSON.parse(readFileSync(data, 'utf8')))).toEqual(['state', 'resolved']);
  });
});
