import { makeAutoObservable } from 'mobx';

/** Restaurant search state (spec §3-§4): keyword, menuName, and whether the bar is shown. */
export class SearchStore {
  keyword = '';
  menuName = '';
  barShown = false;

  constructor() {
    makeAutoObservable(this);
  }

  setKeyword(keyword: string) {
    this.keyword = keyword.trim();
  }

  setMenuName(menuName: string) {
    this.menuName = menuName.trim();
  }

  showBar() {
    this.barShown = true;
  }

  /** Hiding the bar also clears menuName (spec §4). */
  hideBar() {
    this.barShown = false;
    this.menuName = '';
  }
}
