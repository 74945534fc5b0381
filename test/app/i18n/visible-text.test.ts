/**
 * Every user-visible string goes through t() (DESIGN.md §3). This scans the screens and components for text
 * written straight into JSX: text nodes (`<Text>Log In</Text>`) and string literals in attributes a person
 * reads (placeholder, title, alt, aria-label, content, ...). It parses with the TypeScript compiler rather
 * than a regex, so generics and arrow functions cannot be mistaken for markup.
 */
import { readdirSync, readFileSync } from 'fs';
import { join, relative } from 'path';
import ts from 'typescript';

const root = join(__dirname, '../../..');
const DIRS = ['src/components', 'src/screens'];

/** Symbols that are the same in every language. */
const ALLOWED = new Set(['×', '⌕', '▾', '404', '·', '/', '-', '|', '¥']);
const VISIBLE_ATTRIBUTES = new Set([
  'placeholder',
  'title',
  'alt',
  'aria-label',
  'ariaLabel',
  'content',
  'label',
  'confirmText',
  'cancelText',
  'text',
  'message',
  'tip',
]);
const WORDY = /[A-Za-z\u3400-\u9fff\uf900-\ufaff]/;

function tsxFiles(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => {
    const full = join(dir, e.name);
    if (e.isDirectory()) return tsxFiles(full);
    return e.isFile() && e.name.endsWith('.tsx') ? [full] : [];
  });
}

function literalTexts(source: string, fileName = 'x.tsx'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const check = (text: string, node: ts.Node) => {
    const value = text.replace(/\s+/g, ' ').trim();
    if (value && !ALLOWED.has(value) && WORDY.test(value)) {
      const { line } = file.getLineAndCharacterOfPosition(node.getStart());
      found.push(`${fileName}:${line + 1}: ${JSON.stringify(value)}`);
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) check(node.text, node);
    if (ts.isJsxAttribute(node) && VISIBLE_ATTRIBUTES.has(node.name.getText(file)) && node.initializer) {
      const init = node.initializer;
      if (ts.isStringLiteral(init)) check(init.text, init);
      else if (
        ts.isJsxExpression(init) &&
        init.expression &&
        (ts.isStringLiteral(init.expression) || ts.isNoSubstitutionTemplateLiteral(init.expression))
      ) {
        check(init.expression.text, init.expression);
      }
    }
    // A string literal that is itself a JSX child: <Text>{'Log In'}</Text>
    if (
      ts.isJsxExpression(node) &&
      node.parent &&
      (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent)) &&
      node.expression
    ) {
      const e = node.expression;
      if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) check(e.text, e);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('visible text goes through t()', () => {
  const files = DIRS.flatMap((d) => tsxFiles(join(root, d)));

  it('finds the screens and components to scan', () => {
    expect(files.length).toBeGreaterThanOrEqual(8);
    expect(files.map((f) => relative(root, f))).toEqual(
      expect.arrayContaining(['src/screens/main/home/index.tsx', 'src/screens/misc/article/index.tsx']),
    );
  });

  it('finds no literal text in JSX', () => {
    const found = files.flatMap((f) => literalTexts(readFileSync(f, 'utf8'), relative(root, f)));
    expect(found).toEqual([]);
  });

  it('the scanner catches literals and lets translations, symbols and code through', () => {
    const sample = `
      const x = (a: Array<string>) => a.length > 0 && b < 2;
      export function P({ t }: { t: (k: string) => string }) {
        return (
          <View className='a' title={t('x')}>
            <Text>Log In</Text>
            <Text>{t('topbar.signup')}</Text>
            <Text>{'注册'}</Text>
            <Text>×</Text>
            <Text>  404 </Text>
            <Input placeholder='Search For A Dish' mode='aspectFit' />
            <Image alt={"logo"} />
            {items.map((i) => <Text key={i}>{i}</Text>)}
          </View>
        );
      }`;
    const found = literalTexts(sample, 'sample.tsx').map((f) => f.replace(/^sample\.tsx:\d+: /, ''));
    expect(found).toEqual(['"Log In"', '"注册"', '"Search For A Dish"', '"logo"']);
  });
});
