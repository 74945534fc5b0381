/**
 * config/route-preload.ts: the inline script index.html runs first preloads the chunks of the screen being opened
 * (issue 10: LCP), and only that screen's.
 */
import { pathPattern, preloadScript } from '../../config/route-preload';

/** Runs the script as the browser would at `pathname`, answering the links it added to the head. */
function run(script: string, pathname: string) {
  const head: Array<{ rel: string; as: string; href: string }> = [];
  const document = {
    createElement: () => ({ rel: '', as: '', href: '' }),
    head: { appendChild: (l: { rel: string; as: string; href: string }) => head.push(l) },
  };
  new Function('location', 'document', script)({ pathname }, document);
  return head;
}

const table: Array<[string, string[]]> = [
  [pathPattern('/'), ['/css/368.a.css', '/js/368.a.js', '/js/shared.b.js']],
  [pathPattern('/restaurant_list'), ['/js/830.c.js', '/js/shared.b.js']],
  [pathPattern('/article/:id'), ['/js/17.d.js']],
];

test('preloads the JS and CSS of the screen of the address, as script and style', () => {
  expect(run(preloadScript(table), '/')).toEqual([
    { rel: 'preload', as: 'style', href: '/css/368.a.css' },
    { rel: 'preload', as: 'script', href: '/js/368.a.js' },
    { rel: 'preload', as: 'script', href: '/js/shared.b.js' },
  ]);
  expect(run(preloadScript(table), '/restaurant_list').map((l) => l.href)).toEqual(['/js/830.c.js', '/js/shared.b.js']);
  expect(run(preloadScript(table), '/restaurant_list/').map((l) => l.href)).toEqual([
    '/js/830.c.js',
    '/js/shared.b.js',
  ]);
  expect(run(preloadScript(table), '/article/42').map((l) => l.href)).toEqual(['/js/17.d.js']);
});

test('preloads nothing for an address that is no screen (the not-found page loads as before)', () => {
  expect(run(preloadScript(table), '/nope')).toEqual([]);
  expect(run(preloadScript(table), '/article')).toEqual([]);
  expect(run(preloadScript(table), '/article/42/x')).toEqual([]);
  expect(run(preloadScript(table), '/restaurant_listx')).toEqual([]);
});
