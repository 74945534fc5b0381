// Start-up work before the first render. The mini program has nothing to wait for: English is in its main package
// (src/i18n/packs.weapp.ts). Taro takes `start-up.h5.ts` for H5.
export {};
