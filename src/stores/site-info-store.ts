import { makeAutoObservable, runInAction } from 'mobx';
import type { SiteInfo } from '../../types/api/codes';
import type { CodesApi } from '../services';

/**
 * What the site's footer shows from the server's configuration (siteinfo): whether Contact Us and How To Join have a
 * code, their phone and WeChat ID, the ICP filing number. Loaded once per app; a failure leaves it unknown (the
 * dialogs then try the picture, whose own error says so) and the next footer asks again.
 */
export class SiteInfoStore {
  info: SiteInfo | undefined = undefined;
  private loading: Promise<void> | undefined;

  constructor(private readonly codes: () => CodesApi) {
    makeAutoObservable<SiteInfoStore, 'codes' | 'loading'>(this, { codes: false, loading: false });
  }

  load(): Promise<void> {
    if (this.info) return Promise.resolve();
    const loading =
      this.loading ??
      this.codes()
        .siteInfo()
        .then((info) => {
          runInAction(() => {
            this.info = info;
          });
        })
        .catch((err: unknown) => console.warn('site info not loaded', err))
        .finally(() => {
          this.loading = undefined;
        });
    this.loading = loading;
    return loading;
  }
}
