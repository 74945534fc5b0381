// Taro builds `index.h5.tsx` or `index.weapp.tsx` for the platform; this file gives the type checker and the unit
// tests the H5 one.
export * from './index.h5';
