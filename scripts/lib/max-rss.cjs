// Preloaded by the benchmark (node --require): prints the process's peak
// resident set size on exit, on stderr, as `maxrss_kb=N`.
process.on('exit', () => {
  require('node:fs').writeSync(2, `\nmaxrss_kb=${process.resourceUsage().maxRSS}\n`);
});
