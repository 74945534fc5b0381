// Taro resolves `packs.weapp.ts` or `packs.h5.ts` for the platform being built; this file gives the type checker and
// the unit tests the H5 one.
export * from './packs.h5';
