import type { PropsWithChildren } from 'react';
// First: on H5 it waits for the saved language's pack (start-up.h5.ts).
import './start-up';
import { platform } from './platform';
import { RootStore, StoreProvider } from './stores';
import { startFirstScreen } from './stores/first-screen';
import './app.scss';

// The composition root: the one RootStore of this app, handed to every page by context.
const store = new RootStore({ platform, apiBase: SZEAT_API_BASE });
platform.startOfflineCache();
if (platform.isH5 && typeof window !== 'undefined') startFirstScreen(store, window.location.pathname);

function App({ children }: PropsWithChildren) {
  return <StoreProvider store={store}>{children}</StoreProvider>;
}

export default App;
