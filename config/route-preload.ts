import type HtmlWebpackPluginType from 'html-webpack-plugin';
import type { Chunk, Compilation, Compiler } from 'webpack';

/** An H5 screen: its page module (`screens/main/home/index`) and its path (`/`, `/article/:id`). */
export interface PreloadRoute {
  page: string;
  path: string;
}

/** A path of the route table as a regular expression source (`/article/:id` -> `^/article/[^/]+/?$`). */
export function pathPattern(routePath: string): string {
  const body = routePath
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return `^${body === '' ? '/' : body}${body.endsWith('/') ? '' : '/?'}$`;
}

/**
 * The inline script index.html runs first: it finds the screen of the address being opened and preloads its chunks
 * (`<link rel="preload">`), so they download with the app's own scripts instead of after them. `routes` pairs a
 * path pattern (pathPattern) with the files (site paths) of that screen's chunks.
 */
export function preloadScript(routes: Array<[pattern: string, files: string[]]>): string {
  return (
    `!function(r,d){var p=location.pathname;for(var i=0;i<r.length;i++)if(new RegExp(r[i][0]).test(p)){` +
    `for(var j=0;j<r[i][1].length;j++){var f=r[i][1][j],l=d.createElement('link');l.rel='preload';` +
    `l.as=/\\.css$/.test(f)?'style':'script';l.href=f;d.head.appendChild(l)}break}}(${JSON.stringify(routes)},document)`
  );
}

/**
 * H5 production build: Taro's router loads a screen's chunks (its own and the shared one) only once the app's
 * scripts have run, one round trip after them on the first visit (issue 10: LCP). This plugin writes
 * preloadScript into index.html's head with, for each route, the JS and CSS files of the chunks its page module
 * needs beyond the app's entry files.
 */
export class RoutePreloadPlugin {
  constructor(
    private readonly routes: PreloadRoute[],
    private readonly sourceRoot: string,
  ) {}

  apply(compiler: Compiler) {
    // The html-webpack-plugin instance Taro's runner uses (its hooks are kept per module instance).
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const HtmlWebpackPlugin = require(
      require.resolve('html-webpack-plugin', { paths: [require.resolve('@tarojs/webpack5-runner')] }),
    ) as typeof HtmlWebpackPluginType;
    compiler.hooks.compilation.tap('RoutePreloadPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('RoutePreloadPlugin', (data) => {
        const publicPath = String(compilation.outputOptions.publicPath ?? '/');
        const table = this.routes
          .map((r): [string, string[]] => [pathPattern(r.path), this.filesOf(compilation, r.page, publicPath)])
          .filter(([, files]) => files.length > 0);
        if (table.length === 0) {
          compilation.warnings.push(
            new compiler.webpack.WebpackError('RoutePreloadPlugin: no page chunks found, nothing preloaded'),
          );
          return data;
        }
        data.headTags.unshift(HtmlWebpackPlugin.createHtmlTagObject('script', {}, preloadScript(table)));
        return data;
      });
    });
  }

  /** JS and CSS files (site paths) of the chunks page's module is loaded with, without the initial (entry) chunks. */
  private filesOf(compilation: Compilation, page: string, publicPath: string): string[] {
    const file = `${this.sourceRoot}/${page}`.replace(/\\/g, '/');
    const files = new Set<string>();
    for (const module of compilation.modules) {
      // A page module joined with its imports (module concatenation) is found by its root module.
      const m = module as { resource?: string; rootModule?: { resource?: string } };
      const resource = (m.resource ?? m.rootModule?.resource)?.replace(/\\/g, '/');
      if (!resource || !/^\.(tsx|ts|jsx|js)$/.test(resource.slice(file.length).replace(/\?.*$/, ''))) continue;
      if (!resource.startsWith(file)) continue;
      for (const chunk of compilation.chunkGraph.getModuleChunksIterable(module)) {
        for (const group of chunk.groupsIterable) {
          for (const c of group.chunks as Chunk[]) {
            if (c.canBeInitial()) continue;
            for (const f of c.files) if (/\.(js|css)$/.test(f)) files.add(`${publicPath}${f}`);
          }
        }
      }
    }
    return [...files].sort();
  }
}
