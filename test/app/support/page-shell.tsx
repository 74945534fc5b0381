import type { ComponentProps } from 'react';
import { PageShell as H5Shell } from '../../../src/components/page-shell/index';
import { PageShell as WeappShell } from '../../../src/components/page-shell/index.weapp';
import { useStores } from '../../../src/stores';

/**
 * The page shell as each build has it: Taro compiles index.weapp.tsx for the mini program and index.tsx for H5, while
 * jest resolves one module for every test. jest.config.js maps `components/page-shell` here, and the fake platform
 * (isH5: false for the mini program) picks the file the build would have.
 */
export function PageShell(props: ComponentProps<typeof H5Shell>) {
  const { platform } = useStores();
  return platform.isH5 ? <H5Shell {...props} /> : <WeappShell {...props} />;
}
