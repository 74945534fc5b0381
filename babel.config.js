// Taro's preset; only the Taro build uses Babel (jest uses @swc/jest). The mini program is compiled for the engines
// WeChat runs it on (config/weapp-targets.json), H5 for package.json's browserslist.
const weappTargets = require('./config/weapp-targets.json');

module.exports = {
  presets: [
    [
      'taro',
      {
        framework: 'react',
        ts: true,
        compiler: 'webpack5',
        ...(process.env.TARO_ENV === 'weapp' ? { targets: weappTargets.join(', ') } : {}),
      },
    ],
  ],
};
