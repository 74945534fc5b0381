// Taro resolves `index.weapp.ts` or `index.h5.ts` for the platform being built; this file gives the type checker
// and the unit tests the H5 one.
export * from './index.h5';
