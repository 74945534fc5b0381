/**
 * Webpack loader for src/i18n/cn.json and en.json (config/i18n-parts.ts): keeps the top-level namespaces named in
 * `keep`, or every namespace except those in `drop`, so the main pack leaves out the messages only sub-package screens
 * use and each package's part (src/i18n/parts/<package>.ts) carries just its own.
 */
module.exports = function i18nPart(source) {
  const { keep, drop } = this.getOptions();
  const all = JSON.parse(String(source));
  for (const ns of [...(keep ?? []), ...(drop ?? [])]) {
    if (!(ns in all)) this.emitError(new Error(`i18n-part-loader: no namespace "${ns}" in ${this.resourcePath}`));
  }
  const picked = Object.fromEntries(
    Object.entries(all).filter(([ns]) => (keep ? keep.includes(ns) : !(drop ?? []).includes(ns))),
  );
  return JSON.stringify(picked);
};
