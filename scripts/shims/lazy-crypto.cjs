// node:crypto for write-file-atomic inside the bundle: it only names its
// temporary files with createHash, so crypto is loaded at the first write
// instead of at every start (about 20 ms).
'use strict';
module.exports = { createHash: (...args) => require('node:crypto').createHash(...args) };
