import path from 'node:path';
import parts from '../src/i18n/parts.json';

/** The bit of webpack-chain this uses (Taro hands its Chain to webpackChain). */
interface RuleChain {
  module: { rule(name: string): { merge(rule: object): unknown } };
}

const SRC_I18N = path.resolve(__dirname, '..', 'src', 'i18n');
const CATALOGUES = /[\\/]src[\\/]i18n[\\/](cn|en)\.json$/;
const LOADER = path.resolve(__dirname, 'i18n-part-loader.js');

/** Namespaces some sub-package needs: left out of the main pack. */
export function subPackageNamespaces(): string[] {
  return [...new Set(Object.values(parts.packages).flat())];
}

/**
 * Message catalogues by package (both platforms, issue 15): cn.json and en.json imported by src/i18n itself (the main
 * pack: index.ts, packs.*.ts) lose the namespaces of src/i18n/parts.json; imported by src/i18n/parts/<package>.ts
 * they keep only that package's. Webpack treats each loader configuration as a module of its own, so the main package
 * (mini program) and the first load (H5) carry the main pack only, and a package's part goes with its screens.
 * `platformOnly`: namespaces the other platform alone uses, left out of this one's main pack.
 */
export function splitMessageCatalogues(chain: RuleChain, platformOnly: string[] = []): void {
  const partsDir = path.join(SRC_I18N, 'parts');
  const rule = (name: string, issuer: unknown, options: object) =>
    chain.module.rule(name).merge({
      test: CATALOGUES,
      issuer,
      use: { 'i18n-part': { loader: LOADER, options } },
    });
  rule('i18n-main', { not: [partsDir] }, { drop: [...subPackageNamespaces(), ...platformOnly] });
  for (const [pkg, namespaces] of Object.entries(parts.packages)) {
    rule(`i18n-part-${pkg}`, path.join(partsDir, `${pkg}.ts`), { keep: namespaces });
  }
}
