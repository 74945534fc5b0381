// The same Babel preset as szeat's own build (babel.config.js), mini program targets included.
const weappTargets = require('../../config/weapp-targets.json');

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
