import { SearchStore } from '../../../src/stores/search-store';

describe('SearchStore', () => {
  it('starts empty with the bar hidden', () => {
    const search = new SearchStore();
    expect(search).toMatchObject({ keyword: '', menuName: '', barShown: false });
  });

  it('trims the keyword and the menu name', () => {
    const search = new SearchStore();
    search.setKeyword('  noodles ');
    search.setMenuName('\tfried rice  ');
    expect(search.keyword).toBe('noodles');
    expect(search.menuName).toBe('fried rice');
  });

  it('shows and hides the bar', () => {
    const search = new SearchStore();
    search.showBar();
    expect(search.barShown).toBe(true);
    search.hideBar();
    expect(search.barShown).toBe(false);
  });

  it('hiding the bar clears menuName but keeps the keyword (spec §4)', () => {
    const search = new SearchStore();
    search.setKeyword('pizza');
    search.setMenuName('margherita');
    search.showBar();
    search.hideBar();
    expect(search.menuName).toBe('');
    expect(search.keyword).toBe('pizza');
  });
});
