export { RootStore } from './root-store';
export type { RootDeps } from './root-store';
export { StoreProvider, useStores, useT } from './context';
export { SessionStore } from './session-store';
export type { UserInfo } from './session-store';
export { UiStore } from './ui-store';
export { SearchStore } from './search-store';
