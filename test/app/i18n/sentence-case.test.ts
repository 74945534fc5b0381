/**
 * English capitalisation (issue 15 §4): labels, buttons, titles and form labels are in sentence case ("Mobile number",
 * "Add address"), like the rest of the English texts. Only two kinds of words keep a capital inside a sentence, each
 * listed below with why: the labels the specification quotes in English (kept word for word), and proper nouns.
 */
import en from '../../../src/i18n/en.json';

type Tree = { [key: string]: string | Tree };
const texts = (tree: Tree, prefix = ''): Array<[string, string]> =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v]] : texts(v, `${prefix}${k}.`),
  );

/**
 * The specification (shared/spec, "Top bar", "Footer", "Error catalogue") quotes these English labels in Title Case;
 * they keep its wording wherever the same label or action is named ("Log In with WeChat", "Back to Log In").
 */
const SPEC_LABELS = [
  'Search For Restaurants, News...', // top bar search placeholder, quoted
  'Search For A Dish', // restaurant page search placeholder, quoted
  'Mini Program', // top bar item
  'User Center', // user menu (also the title of /mine, which it opens)
  'Log In', // top bar, footer; the login action
  'Log Out', // user menu
  'Sign Up', // top bar, footer; the registration action
  'Customer Service', // footer column
  'Contact Us', // footer
  'My Account', // footer
  'About Us', // footer column
  'What Do We Do', // footer
  'How To Join', // footer
  'Home Page', // outside-delivery-radius dialog button
  'View Menu', // outside-delivery-radius dialog button
  'Registration Successful', // success message
  'Login Successful', // success message
  'Rating Success', // success message
];

/** Proper nouns: brands, places, languages and file formats are capitalised in any position. */
const PROPER_NOUNS = [
  'WeChat', // the messaging app, its login and ID; "WeChat Pay" is the brand's own name (taken out first, below)
  'Alipay',
  'Shenzhen',
  'Huizhou',
  'Silver', // "Silver Beach", a place in Huizhou
  'Beach',
  'Guangzhou',
  'Dongguan',
  'Chinese', // languages
  'English',
  'WebP', // picture formats (JPEG and PNG are all capitals, which the check leaves alone)
];

/** Words after the first of each sentence or segment that start with a capital and go on in lower case. */
function titleCaseWords(text: string): string[] {
  let rest = text.replace(/\{[^}]*\}/g, 'x');
  for (const label of SPEC_LABELS) rest = rest.split(label).join('x');
  rest = rest.replace(/WeChat Pay/g, 'x');
  // A new sentence or segment may start with a capital: after . ? ! : · ( ) / and line breaks.
  const segments = rest.split(/[.?!:·()/\n]|\s[-–—]\s/);
  return segments.flatMap((segment) =>
    segment
      .trim()
      .split(/\s+/)
      .slice(1)
      .map((w) => w.replace(/^[“"'‘(]+|[”"'’),;…]+$/g, ''))
      .filter((w) => /^[A-Z][a-z]/.test(w) && !PROPER_NOUNS.includes(w)),
  );
}

describe('English capitalisation', () => {
  const all = texts(en as Tree);

  it('is sentence case: no Title Case word inside a label or sentence, except spec-quoted labels and proper nouns', () => {
    const offenders = all
      .map(([key, value]) => [key, value, titleCaseWords(value)] as const)
      .filter(([, , words]) => words.length > 0)
      .map(([key, value, words]) => `${key}: ${JSON.stringify(value)} (${words.join(', ')})`);
    expect(offenders).toEqual([]);
  });

  it('spells the form labels in sentence case (they were "Mobile Number", "Confirm Password", ...)', () => {
    expect([
      en.register.phone,
      en.register.confirm,
      en.reset.code,
      en.address.building_no,
      en.address.set_default,
    ]).toEqual(['Mobile number', 'Confirm password', 'Verification code', 'Building number', 'Set as default']);
  });

  it('keeps the exception lists honest: each spec label and proper noun is used by the catalogue', () => {
    const joined = all.map(([, v]) => v).join('\n');
    expect(SPEC_LABELS.filter((l) => !joined.includes(l))).toEqual([]);
    expect(PROPER_NOUNS.filter((n) => !new RegExp(`\\b${n}\\b`).test(joined))).toEqual([]);
  });

  it('finds a Title Case label (the check can fail)', () => {
    expect(titleCaseWords('Mobile Number')).toEqual(['Number']);
    expect(titleCaseWords('Pay With Balance')).toEqual(['With', 'Balance']);
    expect(titleCaseWords('Log In with WeChat')).toEqual([]);
    expect(titleCaseWords('WeChat Pay')).toEqual([]);
    expect(titleCaseWords('Done. Next step')).toEqual([]);
  });
});
