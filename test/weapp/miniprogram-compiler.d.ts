// The npm package `miniprogram-compiler` (WeChat's wcc/wcsc behind a thin Node wrapper) ships no types.
declare module 'miniprogram-compiler' {
  export interface CompilerOptions {
    /** Raises spawnSync's 1 MB default for the compiler's stdout. */
    maxBuffer?: number;
    wxmlList?: string[];
    wxsList?: string[];
    wxssList?: string[];
    cut?: boolean;
  }
  /** Runs wcc over every .wxml/.wxs under root; throws on a compile error. Returns the body of `function (global)`. */
  export function wxmlToJs(root: string, options?: CompilerOptions): string;
  /** Runs wcsc over every .wxss under root. On a compile error it fails with a TypeError, not the compiler's message. */
  export function wxssToJs(root: string, options?: CompilerOptions): string;
}

declare module 'miniprogram-compiler/src/wcsc' {
  /** files: paths under root without the `.wxss` extension. Returns (not throws) an Error when wcsc rejects them. */
  function wcsc(root: string, files: string[], options?: { maxBuffer?: number }): Record<string, string> | Error;
  export = wcsc;
}
