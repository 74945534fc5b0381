// Preloaded (node -r) by test/server/start-path.test.ts: writes `LOADED <file>` to standard error when a CommonJS
// file of one of the packages named in REPORT_LOADS (comma-separated) is compiled, whether it is reached by
// require() or import().
const Module = require('node:module');
const path = require('node:path');

const packages = (process.env.REPORT_LOADS ?? '').split(',').filter(Boolean);
const compile = Module.prototype._compile;
Module.prototype._compile = function (content, filename) {
  const parts = filename.split(path.sep);
  const at = parts.lastIndexOf('node_modules');
  const name = at < 0 ? '' : parts.slice(at + 1, parts[at + 1]?.startsWith('@') ? at + 3 : at + 2).join('/');
  if (packages.includes(name)) process.stderr.write(`LOADED ${name} ${filename}\n`);
  return compile.call(this, content, filename);
};
