/**
 * Webpack loader for the H5 build (config/index.ts): takes the weui icon font out of Taro's component styles
 * (@tarojs/components/dist/taro-components/taro-components.css, which Taro's H5 runtime loads with every page). The
 * font is 6 KB of base64 (3.3 KB gzip of the first load, issue 10) and only draws the ticks of Taro's Checkbox, Radio
 * and Icon, which no screen uses: a screen that adds one must drop this loader.
 */
module.exports = function stripWeuiFont(source) {
  const out = String(source).replace(/@font-face\s*\{[^}]*font-family:\s*["']?weui["']?[^}]*\}/g, '');
  if (out === String(source)) this.emitWarning(new Error('strip-weui-font: no weui @font-face found (Taro changed?)'));
  return out;
};
