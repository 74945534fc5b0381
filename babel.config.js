// Taro's preset; only the Taro build uses Babel (jest uses @swc/jest).
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
