/**
 * A headless stand-in for WeChat's logic layer (STACK-NOTES "Mini program output without WeChat DevTools"): it runs
 * the compiled dist/weapp JavaScript with a fake `wx` (support/fake-wx.ts) and the mini program globals (App, Page,
 * Component, getApp, getCurrentPages, requirePlugin), drives the app and page lifecycles, applies each `setData` to
 * a data tree as the real framework does, and dispatches events through a page's `eh` handler the way the compiled
 * WXML binds them. PageHandle.render() runs the page's WXML through wcc's own generated code.
 *
 * Each compiled file runs in a function whose parameters shadow the globals the mini program does not have
 * (window, document, process, setImmediate, MessageChannel, requestAnimationFrame), so libraries take the same code
 * paths as on a phone (React's scheduler falls back to setTimeout, as it does there), and whose timers and console
 * are the harness's own, so it knows when the app has gone quiet and what it complained about.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DIST, type AppJson } from './dist';
import {
  applySetData,
  dataNodes,
  dataPath,
  dataTexts,
  type DataNode,
  hasClass,
  parsePageUrl,
} from './support/data-tree';
import { EventLoop } from './support/event-loop';
import { createFakeWx, eventChannel, selectorQuery } from './support/fake-wx';
import type { ApiCall, FakeRequest, FakeWxContext, RequestHandler } from './support/fake-wx';
import { compileWxml, loadTemplates, type TemplateRenderer, type VNode } from './wxml';

export type { DataNode } from './support/data-tree';
export { dataNodes, dataTexts, hasClass, parsePageUrl } from './support/data-tree';
export type { ApiCall, FakeRequest, FakeResponse, RequestHandler } from './support/fake-wx';

export interface PageInstance {
  route: string;
  __route__: string;
  options: Record<string, string>;
  data: Record<string, unknown>;
  setData(patch: Record<string, unknown>, cb?: () => void): void;
  [key: string]: unknown;
}

export interface HarnessOptions {
  handler: RequestHandler;
  dist?: string;
  /** Starting contents of wx storage. */
  storage?: Record<string, unknown>;
  /** How long settle() waits for the app to go quiet. */
  settleTimeoutMs?: number;
  /** wx.requestPayment's behaviour (fake-wx FakeWxContext.requestPayment); default: paid. */
  requestPayment?: FakeWxContext['requestPayment'];
  /** wx.showModal's answer; default: confirm. */
  modalAnswer?: FakeWxContext['modalAnswer'];
}

type Config = Record<string, unknown>;

/** WeChat's bubbling events: after the tapped node, every ancestor that binds the event gets it too. */
const BUBBLING_EVENTS = new Set(['tap', 'longpress', 'longtap', 'touchstart', 'touchmove', 'touchend', 'touchcancel']);

/** WeChat refuses a setData whose JSON is over 1 MB. */
const SET_DATA_LIMIT = 1024 * 1024;

const MODULE_PARAMS = [
  ...['require', 'module', 'exports', 'wx', 'App', 'Page', 'Component', 'Behavior', 'getApp', 'getCurrentPages'],
  ...['requirePlugin', '__wxConfig', 'console', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
  // Globals of Node or a browser that the mini program's logic layer does not have:
  ...['setImmediate', 'clearImmediate', 'MessageChannel', 'requestAnimationFrame', 'cancelAnimationFrame'],
  ...['window', 'document', 'navigator', 'process'],
];
/** Compiled code reaches these through globalThis too (webpack's `__webpack_require__.g`). */
const GLOBAL_NAMES = ['wx', 'App', 'Page', 'Component', 'Behavior', 'getApp', 'getCurrentPages', 'requirePlugin'];

export class PageHandle {
  setDataCount = 0;

  constructor(
    private readonly harness: WeappHarness,
    readonly route: string,
    readonly query: Record<string, string>,
    readonly instance: PageInstance,
  ) {}

  get data(): Record<string, unknown> {
    return this.instance.data;
  }

  texts(): string[] {
    return dataTexts(this.data);
  }

  nodes(predicate: (node: DataNode) => boolean = () => true): DataNode[] {
    return [...dataNodes(this.data)].filter(predicate);
  }

  byClass(cls: string): DataNode[] {
    return this.nodes((n) => hasClass(n, cls));
  }

  /** Taps a node the way WeChat does for `bindtap="eh" id="{{i.uid||i.sid}}" data-sid="{{i.sid}}"`. */
  async tap(node: DataNode): Promise<void> {
    await this.dispatch('tap', node, { x: 0, y: 0 });
  }

  /**
   * Dispatches an event as WeChat does. A bubbling one (tap, touches, longpress): `eh` runs for the node if its
   * template binds the event, then for each ancestor whose template binds it, innermost first, until a `catch`
   * binding; others: `eh` for the node itself. Taro relies on that bubbling: when an ancestor also has a handler
   * for the event, the inner node's `eh` only queues its dispatch, and the `eh` of the outermost ancestor with a
   * handler runs the queue (@tarojs/runtime eventHandler, isParentBound). Calling only the tapped node's `eh` left
   * every tap under an element with its own onClick queued and never run.
   */
  async dispatch(type: string, node: DataNode, detail: Record<string, unknown> = {}): Promise<void> {
    if (!node.sid) throw new Error(`cannot dispatch ${type}: the node has no sid`);
    const bubbles = BUBBLING_EVENTS.has(type);
    const path = bubbles ? dataPath(this.data, node) : [node];
    if (!path) throw new Error(`cannot dispatch ${type}: the node is not on ${this.route} (any more)`);
    const chain = path.reverse();
    const target = { id: node.uid ?? node.sid, dataset: { sid: node.sid }, offsetLeft: 0, offsetTop: 0 };
    const touch = { identifier: 0, pageX: 0, pageY: 0, clientX: 0, clientY: 0 };
    let delivered = 0;
    this.harness.inTap = type === 'tap';
    try {
      delivered = this.deliver(type, chain, target, touch, detail, bubbles);
    } finally {
      this.harness.inTap = false;
    }
    if (delivered === 0) throw new Error(`cannot dispatch ${type}: neither the node nor its ancestors bind it`);
    await this.harness.settle();
  }

  private deliver(
    type: string,
    chain: DataNode[],
    target: { id: string; dataset: { sid: string }; offsetLeft: number; offsetTop: number },
    touch: Record<string, number>,
    detail: Record<string, unknown>,
    bubbles: boolean,
  ): number {
    let delivered = 0;
    for (const current of chain) {
      // (a non-bubbling event goes to the node itself, as the tests dispatch it: input, change, confirm, ...)
      const binding = bubbles ? this.harness.binding(current.nn, type) : 'bind';
      if (!binding || !current.sid) continue;
      delivered++;
      this.harness.callHook(this.instance, 'eh', {
        type,
        timeStamp: Date.now(),
        target: { ...target, dataset: { ...target.dataset } },
        currentTarget: { id: current.uid ?? current.sid, dataset: { sid: current.sid }, offsetLeft: 0, offsetTop: 0 },
        detail,
        touches: type === 'tap' ? [] : [touch],
        changedTouches: [touch],
        mark: {},
        mut: false,
      });
      if (binding === 'catch') break;
    }
    return delivered;
  }

  /** The page's WXML rendered with its current data by wcc's own generated code. */
  render(): VNode {
    return this.harness.render(this.route, this.data);
  }
}

export class WeappHarness {
  readonly dist: string;
  readonly app: AppJson;
  readonly loop: EventLoop;
  readonly wx: Record<string, unknown>;
  readonly storage = new Map<string, unknown>();
  readonly requests: FakeRequest[] = [];
  readonly calls: ApiCall[] = [];
  /** Navigations WeChat would refuse (the API call fails, as on the phone). */
  readonly navigationFailures: string[] = [];
  readonly pages = new Map<string, Config>();
  readonly components = new Map<string, Config>();
  readonly stack: PageHandle[] = [];
  appConfig: Config | undefined;
  /** Tests may change these between steps (the payment sheet paid / cancelled; the answer to a dialog). */
  paymentBehaviour: FakeWxContext['requestPayment'];
  modalBehaviour: FakeWxContext['modalAnswer'];
  /** wx.chooseMedia and wx.uploadFile as a test wants them (default: cancelled, failed). */
  chooseMediaBehaviour: FakeWxContext['chooseMedia'];
  uploadBehaviour: FakeWxContext['uploadFile'];
  /** wx.requestSubscribeMessage: the customer's answer per template id (default: every one allowed). */
  subscribeBehaviour: FakeWxContext['subscribeAnswer'];
  /** True while a tap's handlers run (synchronously), as WeChat's "user TAP gesture". */
  inTap = false;

  private readonly modules = new Map<string, { exports: unknown }>();
  private readonly launchOptions = { path: '', query: {}, scene: 1001, referrerInfo: {}, apiCategory: 'default' };
  private readonly globals: Record<string, unknown>;
  private readonly savedGlobals = new Map<string, PropertyDescriptor | undefined>();
  private loading: string | undefined;
  private webviewId = 0;
  private bindings: Map<string, Map<string, 'bind' | 'catch'>> | undefined;
  private templates: ((wxmlPath: string) => TemplateRenderer | undefined) | undefined;

  constructor(options: HarnessOptions) {
    this.dist = options.dist ?? DIST;
    this.app = JSON.parse(fs.readFileSync(path.join(this.dist, 'app.json'), 'utf8')) as AppJson;
    this.loop = new EventLoop(options.settleTimeoutMs ?? 5000);
    for (const [k, v] of Object.entries(options.storage ?? {})) this.storage.set(k, v);
    this.wx = createFakeWx({
      loop: this.loop,
      app: this.app,
      handler: options.handler,
      storage: this.storage,
      calls: this.calls,
      requests: this.requests,
      navigationFailures: this.navigationFailures,
      currentRoute: () => this.stack[this.stack.length - 1]?.route,
      launchOptions: () => ({ ...this.launchOptions }),
      requestPayment: (o) => this.paymentBehaviour?.(o),
      modalAnswer: (o) => (this.modalBehaviour ? this.modalBehaviour(o) : true),
      inTap: () => this.inTap,
      subscribeAnswer: (o) => this.subscribeBehaviour?.(o),
      chooseMedia: (o) => {
        if (!this.chooseMediaBehaviour) throw new Error('chooseMedia:fail cancel');
        return this.chooseMediaBehaviour(o);
      },
      uploadFile: (o, progress) => {
        if (!this.uploadBehaviour) throw new Error('uploadFile:fail not available in the harness');
        return this.uploadBehaviour(o, progress);
      },
    });
    this.paymentBehaviour = options.requestPayment;
    this.modalBehaviour = options.modalAnswer;
    this.globals = this.createGlobals();
  }

  get errors(): string[] {
    return this.loop.errors;
  }

  /** Runs a compiled file (path relative to dist) once, as the mini program's module system does. */
  require(file: string): unknown {
    const rel = path.posix.normalize(file.endsWith('.js') ? file : `${file}.js`);
    const cached = this.modules.get(rel);
    if (cached) return cached.exports;
    const abs = path.join(this.dist, rel);
    if (!fs.existsSync(abs)) throw new Error(`module ${rel} not found in ${this.dist}`);
    const mod = { exports: {} as unknown };
    this.modules.set(rel, mod);
    const code = `${fs.readFileSync(abs, 'utf8')}\n//# sourceURL=weapp:///${rel}`;
    const run = new Function(...MODULE_PARAMS, code) as (...args: unknown[]) => void;
    const localRequire = (request: string) => {
      if (!/^\.{0,2}\//.test(request)) throw new Error(`${rel}: cannot require "${request}"`);
      return this.require(
        request.startsWith('/') ? request.slice(1) : path.posix.join(path.posix.dirname(rel), request),
      );
    };
    const scope: Record<string, unknown> = {
      ...this.globals,
      require: localRequire,
      module: mod,
      exports: mod.exports,
    };
    run(...MODULE_PARAMS.map((name) => scope[name]));
    return mod.exports;
  }

  /** Loads app.js (which pulls in its chunks), then runs App onLaunch and onShow. */
  async launch(entry = this.app.pages[0] ?? ''): Promise<void> {
    this.installGlobals();
    this.launchOptions.path = entry;
    this.require('app.js');
    if (!this.appConfig) throw new Error('app.js did not call App()');
    this.callHook(this.appConfig, 'onLaunch', { ...this.launchOptions });
    this.callHook(this.appConfig, 'onShow', { ...this.launchOptions });
    await this.settle();
  }

  /**
   * Opens a page as navigateTo does: loads its components and code, hides the page below, then onLoad(query),
   * onShow, the first render (setData), onReady, and waits for the page to go quiet. Takes `route?query` too.
   */
  async openPage(url: string, query: Record<string, string> = {}): Promise<PageHandle> {
    if (!this.appConfig) throw new Error('launch() the app before opening pages');
    const { route, query: urlQuery } = parsePageUrl(url);
    const fullQuery = { ...urlQuery, ...query };
    this.loadUsedComponents(route);
    this.load(route, this.pages, 'Page');
    const below = this.stack[this.stack.length - 1];
    if (below) this.callHook(below.instance, 'onHide');

    const instance = this.createPageInstance(this.pages.get(route)!, route, fullQuery);
    const handle = new PageHandle(this, route, fullQuery, instance);
    const setData = instance.setData;
    instance.setData = (patch, cb) => {
      handle.setDataCount++;
      setData(patch, cb);
    };
    this.stack.push(handle);
    this.callHook(instance, 'onLoad', { ...fullQuery });
    this.callHook(instance, 'onShow');
    await this.loop.waitFor(() => handle.setDataCount > 0, `${route}: first render (setData)`);
    this.callHook(instance, 'onReady');
    await this.settle();
    return handle;
  }

  /** navigateBack from the top page: onUnload, then onShow of the page below. */
  async closePage(): Promise<void> {
    const top = this.stack.pop();
    if (!top) return;
    this.callHook(top.instance, 'onUnload');
    const below = this.stack[this.stack.length - 1];
    if (below) this.callHook(below.instance, 'onShow');
    await this.settle();
  }

  /** Calls a lifecycle or handler; an exception is recorded (WeChat reports it) and rethrown. */
  callHook(target: Config, name: string, ...args: unknown[]): unknown {
    const fn = target[name];
    if (typeof fn !== 'function') return undefined;
    try {
      return (fn as (...a: unknown[]) => unknown).apply(target, args);
    } catch (err) {
      this.loop.report(`${name} threw`, err);
      throw err;
    }
  }

  /** Waits until no request is in flight and no short timer is pending. */
  settle(timeoutMs?: number): Promise<void> {
    return this.loop.settle(timeoutMs);
  }

  /** Uncaught errors, App onError reports, console.error and console.warn of the app, for `toEqual([])`. */
  problems(): string[] {
    return this.loop.problems();
  }

  /** problems(), then forgets them, so each test of a shared harness answers for its own. */
  takeProblems(): string[] {
    const problems = this.loop.problems();
    this.loop.clearProblems();
    return problems;
  }

  callsTo(api: string): unknown[][] {
    return this.calls.filter((c) => c.api === api).map((c) => c.args);
  }

  /** Renders a page's WXML with the given data through wcc's generated code (compiled once per harness). */
  render(route: string, data: Record<string, unknown>): VNode {
    this.templates ??= loadTemplates(compileWxml(this.dist));
    const renderer = this.templates(`${route}.wxml`);
    if (!renderer) throw new Error(`no compiled template for ${route}.wxml`);
    return renderer(data);
  }

  /**
   * Whether the compiled template of node name `nn` (base.wxml's tmpl_0_<nn>) binds `type` to `eh`: 'bind', 'catch'
   * (WeChat stops the bubbling there) or undefined.
   */
  binding(nn: string | undefined, type: string): 'bind' | 'catch' | undefined {
    if (nn === undefined) return undefined;
    if (!this.bindings) {
      this.bindings = new Map();
      const wxml = fs.readFileSync(path.join(this.dist, 'base.wxml'), 'utf8');
      // tmpl_0_<nn>, and for inputs tmpl_0_<nn>_focus / _blur, which tmpl_0_<nn> picks from
      for (const m of wxml.matchAll(/<template name="tmpl_0_([^"_]+)(?:_\w+)?">\s*<([\w-]+)([^>]*)>/g)) {
        if (m[2] === 'template') continue;
        const events = this.bindings.get(m[1]!) ?? new Map<string, 'bind' | 'catch'>();
        for (const e of m[3]!.matchAll(/\b(bind|catch):?(\w+)="eh"/g)) events.set(e[2]!, e[1] as 'bind' | 'catch');
        this.bindings.set(m[1]!, events);
      }
    }
    return this.bindings.get(nn)?.get(type);
  }

  /** Unloads the pages, cancels the app's timers and restores the globals. */
  dispose(): void {
    for (const page of this.stack.splice(0).reverse()) {
      try {
        this.callHook(page.instance, 'onUnload');
      } catch {
        // recorded by callHook
      }
    }
    this.loop.stop();
    for (const [name, descriptor] of this.savedGlobals) {
      if (descriptor) Object.defineProperty(globalThis, name, descriptor);
      else delete (globalThis as Record<string, unknown>)[name];
    }
    this.savedGlobals.clear();
  }

  /** Runs a page or component file, which must register itself with Page() or Component(). */
  private load(file: string, registry: Map<string, Config>, registrar: string): void {
    if (registry.has(file)) return;
    this.loading = file;
    try {
      this.require(`${file}.js`);
    } finally {
      this.loading = undefined;
    }
    if (!registry.has(file)) throw new Error(`${file}.js did not call ${registrar}()`);
  }

  /** lazyCodeLoading "requiredComponents": a page's components load with it. */
  private loadUsedComponents(file: string): void {
    const jsonPath = path.join(this.dist, `${file}.json`);
    if (!fs.existsSync(jsonPath)) return;
    const json = JSON.parse(fs.readFileSync(jsonPath, 'utf8')) as { usingComponents?: Record<string, string> };
    for (const ref of Object.values(json.usingComponents ?? {})) {
      if (ref.startsWith('plugin://')) continue;
      const component = ref.startsWith('/') ? ref.slice(1) : path.posix.join(path.posix.dirname(file), ref);
      if (this.components.has(component)) continue;
      this.load(component, this.components, 'Component');
      this.loadUsedComponents(component);
    }
  }

  private createPageInstance(config: Config, route: string, query: Record<string, string>): PageInstance {
    const instance = {} as PageInstance;
    for (const [key, value] of Object.entries(config)) {
      instance[key] = key === 'data' ? JSON.parse(JSON.stringify(value ?? {})) : value;
    }
    instance.data ??= {};
    Object.assign(instance, {
      route,
      __route__: route,
      is: route,
      options: { ...query },
      __wxWebviewId__: ++this.webviewId,
      __wxExparserNodeId__: `page-${this.webviewId}`,
      selectComponent: () => null,
      selectAllComponents: () => [],
      createSelectorQuery: () => selectorQuery(this.loop),
      getOpenerEventChannel: () => eventChannel(),
    });
    instance.setData = (patch, cb) => {
      const size = JSON.stringify(patch).length;
      if (size > SET_DATA_LIMIT) this.loop.report(`${route}: setData`, new Error(`${size} bytes is over 1 MB`));
      this.loop.guard(`${route}: setData`, () => applySetData(instance.data, patch));
      if (cb) this.loop.later(`${route}: setData callback`, cb);
    };
    return instance;
  }

  private createGlobals(): Record<string, unknown> {
    const report = (context: string, err: unknown) => this.loop.report(context, err);
    const register = (registry: Map<string, Config>, name: string) => (config: Config) => {
      if (!this.loading) return report(`${name}()`, new Error('called outside the loading of its file'));
      registry.set(this.loading, config);
    };
    return {
      wx: this.wx,
      App: (config: Config) => {
        if (this.appConfig) report('App()', new Error('App() called twice'));
        const onError = config.onError;
        // Taro's page error boundary calls Current.app.onError (this very object) with the message and stack.
        config.onError = function (this: unknown, err: unknown) {
          report('App onError', err);
          return typeof onError === 'function' ? (onError as (e: unknown) => unknown).call(this, err) : undefined;
        };
        this.appConfig = config;
      },
      Page: register(this.pages, 'Page'),
      Component: register(this.components, 'Component'),
      Behavior: (config: Config) => config,
      getApp: () => this.appConfig,
      getCurrentPages: () => this.stack.map((p) => p.instance),
      requirePlugin: (name: string) => {
        throw new Error(`requirePlugin("${name}"): no plugins in the harness`);
      },
      __wxConfig: { envVersion: 'develop', platform: 'devtools' },
      console: this.loop.console(),
      ...this.loop.timerGlobals(),
      // everything else in MODULE_PARAMS stays undefined, as in the mini program
    };
  }

  private installGlobals(): void {
    for (const name of GLOBAL_NAMES) {
      if (!this.savedGlobals.has(name)) this.savedGlobals.set(name, Object.getOwnPropertyDescriptor(globalThis, name));
      Object.defineProperty(globalThis, name, { value: this.globals[name], configurable: true, writable: true });
    }
  }
}
