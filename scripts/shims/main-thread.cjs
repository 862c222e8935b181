// worker_threads for write-file-atomic inside the bundle: novel never runs in
// a worker, and the main thread's id is 0; loading worker_threads at every
// start only to learn that costs time.
'use strict';
module.exports = { threadId: 0, isMainThread: true };
