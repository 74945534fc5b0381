/**
 * WeChat's limits on subscribe message fields, by the key's type (the letters before its number: `thing1`,
 * `time3`): thing at most 20 characters; character_string at most 32 letters, digits and symbols; phrase at most 5
 * Chinese characters; number at most 32 digits (a sign and a point allowed); amount a number with an optional
 * currency sign, at most 10 characters; time and date a date or time; name at most 10 characters (20 letters);
 * phone_number digits, +, - and spaces, at most 17. Values are never empty.
 */
const RULES: Record<string, { max: number; pattern?: RegExp }> = {
  thing: { max: 20 },
  character_string: { max: 32, pattern: /^[\x21-\x7e]+$/ },
  phrase: { max: 5, pattern: /^[\u4e00-\u9fff]+$/ },
  number: { max: 32, pattern: /^[-+]?\d+(\.\d+)?$/ },
  amount: { max: 10, pattern: /^[¥$￥]?\d+(\.\d{1,2})?元?$/ },
  time: { max: 40, pattern: /\d/ },
  date: { max: 40, pattern: /\d/ },
  name: { max: 10 },
  phone_number: { max: 17, pattern: /^[\d+\- ]+$/ },
};

const kindOf = (key: string) => key.replace(/\d+$/, '');

/** What is wrong with a field's value for its key's type, or null when WeChat takes it. */
export function subscribeFieldProblem(key: string, value: string): string | null {
  const rule = RULES[kindOf(key)];
  if (!rule) return `${key}: unknown field type`;
  const length = [...value].length;
  if (length === 0) return `${key}: empty`;
  if (length > rule.max) return `${key}: ${length} characters, at most ${rule.max}`;
  if (rule.pattern && !rule.pattern.test(value)) return `${key}: not a valid ${kindOf(key)}`;
  return null;
}

/**
 * A value made to fit its key's type: too long text is cut (a thing ends with "…" within its 20), a
 * character_string keeps its allowed characters. Phrase, number, amount and time values are the caller's to get right.
 */
export function fitSubscribeField(key: string, value: string): string {
  const kind = kindOf(key);
  const rule = RULES[kind];
  if (!rule) return value;
  let text = value.replace(/\s+/g, ' ').trim();
  if (kind === 'character_string') text = text.replace(/[^\x21-\x7e]/g, '');
  const chars = [...text];
  if (chars.length <= rule.max) return text;
  return kind === 'thing' || kind === 'name'
    ? `${chars.slice(0, rule.max - 1).join('')}…`
    : chars.slice(0, rule.max).join('');
}
