// write-file-atomic for src/ inside the bundle, loaded at novel's first write:
// a command that only reads (next, status, a packet) neither evaluates it nor
// the signal-exit it loads. What it does at a write is unchanged.
'use strict';
let atomic;
const load = () => {
  atomic ??= require('write-file-atomic');
  return atomic;
};
const writeFileAtomic = (...args) => load()(...args);
writeFileAtomic.sync = (...args) => load().sync(...args);
module.exports = writeFileAtomic;
