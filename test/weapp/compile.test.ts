/**
 * WeChat's own compilers accept the whole build: wcc every .wxml and .wxs, wcsc every .wxss (DESIGN.md §6). The last
 * tests prove the check can fail: a broken file in a copy of the build must be rejected.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { allPages, assertBuilt, DIST, listFiles, readAppJson } from './dist';
import { compileWxml, compileWxss, ensureCompilersExecutable, loadTemplates, vnodes } from './wxml';

const copies: string[] = [];

beforeAll(() => {
  assertBuilt();
  ensureCompilersExecutable();
});

afterAll(() => {
  for (const dir of copies) fs.rmSync(dir, { recursive: true, force: true });
});

/** A fresh temporary copy of the build for one test to break. */
function copyOfBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'szeat-weapp-'));
  copies.push(dir);
  fs.cpSync(DIST, dir, { recursive: true });
  return dir;
}

describe('WeChat compilers accept dist/weapp', () => {
  test('the build has templates, scripts and styles for wcc and wcsc to check', () => {
    const files = listFiles();
    expect(files.filter((f) => f.endsWith('.wxml')).length).toBeGreaterThan(0);
    expect(files.filter((f) => f.endsWith('.wxss')).length).toBeGreaterThan(0);
    expect(files).toContain('utils.wxs');
  });

  test('wcc compiles every .wxml and .wxs, and each page gets a render function', () => {
    const compiled = compileWxml(DIST);
    const template = loadTemplates(compiled);
    for (const page of allPages(readAppJson())) {
      const render = template(`${page}.wxml`);
      expect({ page, compiled: typeof render }).toEqual({ page, compiled: 'function' });
      // Taro's initial page data: an empty root renders to an empty page.
      const tree = render!({ root: { cn: [] } });
      expect(tree.tag).toBe('wx-page');
      expect([...vnodes(tree)]).toHaveLength(1);
    }
  });

  test('wcsc compiles every .wxss, and app and page styles come out', () => {
    const result = compileWxss(DIST);
    expect(typeof result.comm).toBe('string');
    const files = listFiles();
    const expected = [
      'app.wxss',
      ...allPages(readAppJson())
        .map((p) => `${p}.wxss`)
        .filter((f) => files.includes(f)),
    ];
    for (const file of expected) expect(Object.keys(result)).toContain(file);
  });
});

describe('the check can fail', () => {
  test('wcc rejects a broken .wxml', () => {
    const dir = copyOfBuild();
    fs.mkdirSync(path.join(dir, 'pages', 'broken'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'pages', 'broken', 'index.wxml'), '<view class="a"><text>unclosed</view>\n');
    expect(() => compileWxml(dir)).toThrow(/broken\/index\.wxml.*end-tag/);
  });

  test('wcc rejects a broken .wxs', () => {
    const dir = copyOfBuild();
    fs.writeFileSync(path.join(dir, 'broken.wxs'), 'module.exports = { a: function( { return 1 } };\n');
    expect(() => compileWxml(dir)).toThrow(/broken\.wxs/);
  });

  test('wcc rejects a page whose wxs module is missing', () => {
    const dir = copyOfBuild();
    fs.writeFileSync(
      path.join(dir, 'screens', 'main', 'home', 'index.wxml'),
      '<wxs module="m" src="../../nope.wxs" />\n<view/>\n',
    );
    expect(() => compileWxml(dir)).toThrow(/nope\.wxs not found/);
  });

  test('wcsc rejects a broken .wxss', () => {
    const dir = copyOfBuild();
    fs.writeFileSync(path.join(dir, 'broken.wxss'), '.a { color: red;\n.b {{ }\n');
    expect(() => compileWxss(dir)).toThrow(/broken\.wxss/);
  });
});
