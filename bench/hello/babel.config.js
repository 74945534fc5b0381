// The same Babel preset as szeat's own build (babel.config.js), mini program targets included.
module.exports = {
  presets: [
    [
      'taro',
      {
        framework: 'react',
        ts: true,
        compiler: 'webpack5',
        ...(process.env.TARO_ENV === 'weapp' ? { targets: 'ios >= 12, chrome >= 66' } : {}),
      },
    ],
  ],
};
