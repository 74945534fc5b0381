/**
 * WeChat's own template and style compilers (wcc, wcsc from the npm package miniprogram-compiler) run over a built
 * mini program. Their CLI exits 0 even on errors, so everything goes through the package's Node API, which throws
 * (wcc) or returns an Error (wcsc).
 */
import fs from 'node:fs';
import path from 'node:path';
import { wxmlToJs } from 'miniprogram-compiler';
import wcsc from 'miniprogram-compiler/src/wcsc';
import { listFiles } from './dist';

const MAX_BUFFER = 64 * 1024 * 1024;

/** The Linux binaries are published without their execute bit. */
export function ensureCompilersExecutable(): string[] {
  const dir = path.join(path.dirname(require.resolve('miniprogram-compiler/package.json')), 'bin', 'linux');
  const bins = ['wcc', 'wcsc'].map((name) => path.join(dir, name));
  if (process.platform !== 'linux') return bins;
  for (const bin of bins) {
    if (!fs.existsSync(bin)) throw new Error(`${bin} is missing: is miniprogram-compiler installed?`);
    const mode = fs.statSync(bin).mode;
    if ((mode & 0o111) !== 0o111) fs.chmodSync(bin, mode | 0o755);
  }
  return bins;
}

/** Compiles every .wxml and .wxs under root with wcc; throws the compiler's message on the first broken file. */
export function compileWxml(root: string): string {
  return wxmlToJs(root, { maxBuffer: MAX_BUFFER });
}

/** Compiles every .wxss under root with wcsc; throws the compiler's message when it rejects any of them. */
export function compileWxss(root: string): Record<string, string> {
  const files = listFiles(root)
    .filter((f) => f.endsWith('.wxss'))
    .map((f) => f.slice(0, -'.wxss'.length));
  const result = wcsc(root, files, { maxBuffer: MAX_BUFFER });
  if (result instanceof Error) throw result;
  return result;
}

/** A node of the virtual tree wcc's generated code renders: the view layer's input. */
export interface VNode {
  tag: string;
  attr?: Record<string, unknown>;
  children?: (VNode | string)[];
  [key: string]: unknown;
}

export type TemplateRenderer = (data: Record<string, unknown>) => VNode;

/**
 * Evaluates wcc's output (what the view layer does) and returns a renderer per page path, or undefined for a path with
 * no compiled template. The generated code writes version marks on `window`; it gets a throwaway object.
 */
export function loadTemplates(compiled: string): (wxmlPath: string) => TemplateRenderer | undefined {
  const factory = new Function('global', 'window', compiled) as (
    global: object,
    window: object,
  ) => (p: string) => ((data: Record<string, unknown>, env: object, scope: object) => VNode) | undefined;
  const gwx = factory({}, {});
  return (wxmlPath) => {
    const generate = gwx(wxmlPath);
    return generate ? (data) => generate(data, {}, {}) : undefined;
  };
}

/** Depth-first walk of a rendered tree. */
export function* vnodes(node: VNode | string): Generator<VNode> {
  if (typeof node === 'string') return;
  yield node;
  for (const child of node.children ?? []) yield* vnodes(child);
}

/** The text a rendered tree shows. */
export function vnodeText(node: VNode | string): string {
  if (typeof node === 'string') return node;
  return (node.children ?? []).map(vnodeText).join('');
}
