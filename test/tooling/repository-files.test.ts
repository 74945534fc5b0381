import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const read = (f: string) => fs.readFileSync(path.join(ROOT, f), 'utf8');

/** Issue 14 §6: the files a checkout is expected to have, agreeing with package.json. */
describe('repository files', () => {
  const pkg = JSON.parse(read('package.json')) as { license?: string; private?: boolean; engines?: { node?: string } };

  it('.nvmrc names the major Node version package.json engines asks for', () => {
    const major = /^>=\s*(\d+)/.exec(pkg.engines?.node ?? '')?.[1];
    expect(major).toBeDefined();
    expect(read('.nvmrc').trim()).toBe(major);
  });

  it('is proprietary: package.json says UNLICENSED (npm: no licence granted) and LICENSE reserves every right', () => {
    expect(pkg.private).toBe(true);
    expect(pkg.license).toBe('UNLICENSED');
    expect(read('LICENSE')).toMatch(/All rights reserved/);
  });

  it('.editorconfig agrees with Prettier on indentation, line endings and width', () => {
    const prettier = JSON.parse(read('.prettierrc.json')) as { printWidth: number };
    const editor = read('.editorconfig');
    expect(editor).toMatch(/^root = true$/m);
    expect(editor).toMatch(/^indent_style = space$/m);
    expect(editor).toMatch(/^indent_size = 2$/m);
    expect(editor).toMatch(/^end_of_line = lf$/m);
    expect(editor).toMatch(new RegExp(`^max_line_length = ${prettier.printWidth}$`, 'm'));
  });
});
