/**
 * The page data a Taro mini program sends through setData, and how WeChat applies it: paths such as
 * `root.cn.[0].cn.[2].v` into a tree of nodes (`nn` node name alias, `sid` id, `cl` class, `v` text, `cn` children).
 */

export interface DataNode {
  nn?: string;
  sid?: string;
  uid?: string;
  cl?: string;
  v?: string;
  cn?: DataNode[];
  [key: string]: unknown;
}

/** `root.cn.[0].cn.[2].v`, `list[1].name`, `a.b` -> keys and array indexes, as WeChat's setData reads them. */
export function parseDataPath(p: string): (string | number)[] {
  const keys: (string | number)[] = [];
  for (const segment of p.split('.')) {
    const m = /^([^[\]]*)((?:\[\d+\])*)$/.exec(segment);
    if (!m || (m[1] === '' && m[2] === '')) throw new Error(`setData: malformed data path "${p}"`);
    if (m[1]) keys.push(m[1]);
    for (const idx of m[2]!.matchAll(/\[(\d+)\]/g)) keys.push(Number(idx[1]));
  }
  return keys;
}

/** Applies one setData payload to a data tree; values are copied through JSON, as they cross to the view layer. */
export function applySetData(target: Record<string, unknown>, patch: Record<string, unknown>): void {
  for (const [p, value] of Object.entries(patch)) {
    const keys = parseDataPath(p);
    let node = target as Record<string | number, unknown>;
    for (let i = 0; i < keys.length - 1; i++) {
      const key = keys[i]!;
      let child = node[key];
      if (child === null || typeof child !== 'object') {
        child = typeof keys[i + 1] === 'number' ? [] : {};
        node[key] = child;
      }
      node = child as Record<string | number, unknown>;
    }
    node[keys[keys.length - 1]!] = value === undefined ? undefined : JSON.parse(JSON.stringify(value));
  }
}

/** Depth-first walk of a data tree. */
export function* dataNodes(tree: unknown): Generator<DataNode> {
  if (tree === null || typeof tree !== 'object') return;
  if (Array.isArray(tree)) {
    for (const item of tree) yield* dataNodes(item);
    return;
  }
  const node = tree as DataNode;
  if ('nn' in node || 'sid' in node) yield node;
  for (const value of Object.values(node)) if (value !== null && typeof value === 'object') yield* dataNodes(value);
}

/** The nodes from the top of a data tree down to `target` (itself last), or null if it is not in the tree. */
export function dataPath(tree: unknown, target: DataNode): DataNode[] | null {
  if (tree === target) return [target];
  if (tree === null || typeof tree !== 'object') return null;
  const node = tree as DataNode;
  const own = !Array.isArray(tree) && ('nn' in node || 'sid' in node);
  for (const value of Object.values(node)) {
    if (value === null || typeof value !== 'object') continue;
    const below = dataPath(value, target);
    if (below) return own ? [node, ...below] : below;
  }
  return null;
}

/** Every text a data tree shows, in document order. */
export function dataTexts(tree: unknown): string[] {
  return [...dataNodes(tree)].map((n) => n.v).filter((v): v is string => typeof v === 'string' && v !== '');
}

export function hasClass(node: DataNode, cls: string): boolean {
  return typeof node.cl === 'string' && node.cl.split(/\s+/).includes(cls);
}

/** Splits `/screens/misc/article/index?id=42` into a route and its query. */
export function parsePageUrl(url: string): { route: string; query: Record<string, string> } {
  const [pathPart = '', queryPart = ''] = url.split('?', 2);
  const query = Object.fromEntries(new URLSearchParams(queryPart));
  return { route: pathPart.replace(/^\/+/, '').replace(/\.js$/, ''), query };
}
