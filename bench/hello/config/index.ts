import { defineConfig } from '@tarojs/cli';
import weappTargets from '../../../config/weapp-targets.json';

/** The baseline of `npm run bench`: szeat's build settings (config/index.ts) without its pages. */
export default defineConfig<'webpack5'>(() => {
  const platform = process.env.TARO_ENV ?? 'h5';
  return {
    projectName: 'szeat-bench-hello',
    date: '2026-11-23',
    designWidth: 750,
    deviceRatio: { 640: 2.34 / 2, 750: 1, 375: 2, 828: 1.81 / 2 },
    sourceRoot: 'src',
    outputRoot: `dist/${platform}`,
    plugins: [],
    framework: 'react',
    compiler: { type: 'webpack5', prebundle: { enable: false } },
    cache: { enable: false },
    ...(platform === 'h5' ? {} : { terser: { enable: true, config: { output: { ascii_only: false } } } }),
    mini: {
      postcss: {
        pxtransform: { enable: true, config: {} },
        autoprefixer: { enable: true, config: { overrideBrowserslist: weappTargets } },
        cssModules: { enable: false },
      },
      optimizeMainPackage: { enable: true },
    },
    h5: {
      publicPath: '/',
      staticDirectory: 'static',
      router: { mode: 'browser' },
      output: { filename: 'js/[name].[contenthash:8].js', chunkFilename: 'js/[name].[contenthash:8].js' },
      miniCssExtractPluginOption: {
        ignoreOrder: true,
        filename: 'css/[name].[contenthash:8].css',
        chunkFilename: 'css/[name].[contenthash:8].css',
      },
      postcss: { autoprefixer: { enable: true, config: {} }, cssModules: { enable: false } },
    },
  };
});
