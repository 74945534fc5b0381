import { isEmail, isPassword, isPhone, isSmsCode, passwordsMatch } from '../../../src/utils/validators';

describe('isPhone: 11 digits starting with 1', () => {
  it.each(['13800138000', '19912345678', '10000000000', ' 13800138000 '])('accepts %p', (v) => {
    expect(isPhone(v)).toBe(true);
  });
  it.each([
    '',
    '1380013800',
    '138001380001',
    '23800138000',
    '1380013800a',
    '+8613800138000',
    '138 0013 8000',
    '１３８００１３８０００',
  ])('rejects %p', (v) => {
    expect(isPhone(v)).toBe(false);
  });
});

describe('isEmail: the specification helper', () => {
  it.each([
    'li.lei@example.com',
    'li_lei-99@mail.example.cn',
    'A.B@EXAMPLE.ORG',
    'x@a-b.co',
    'user@sub.domain.museum',
    '123@qq.com',
  ])('accepts %p', (v) => {
    expect(isEmail(v)).toBe(true);
  });
  it.each([
    '',
    'plainaddress',
    '@example.com',
    'li@',
    'li@example',
    'li@example.c',
    'li@example.abcdefg',
    'li@example.c0m',
    'li lei@example.com',
    'li+tag@example.com',
    'li@@example.com',
    'li@.com',
    'li@exa_mple.com',
    '李雷@example.com',
  ])('rejects %p', (v) => {
    expect(isEmail(v)).toBe(false);
  });
});

describe('isPassword: 8 to 128 characters', () => {
  it('rejects 7 and accepts 8 characters', () => {
    expect(isPassword('1234567')).toBe(false);
    expect(isPassword('12345678')).toBe(true);
  });
  it('accepts 128 and rejects 129 characters', () => {
    expect(isPassword('a'.repeat(128))).toBe(true);
    expect(isPassword('a'.repeat(129))).toBe(false);
  });
  it('rejects an empty password', () => {
    expect(isPassword('')).toBe(false);
  });
});

describe('passwordsMatch', () => {
  it('is true only for identical strings', () => {
    expect(passwordsMatch('secret123', 'secret123')).toBe(true);
    expect(passwordsMatch('secret123', 'secret124')).toBe(false);
    expect(passwordsMatch('secret123', 'Secret123')).toBe(false);
    expect(passwordsMatch('secret123', 'secret123 ')).toBe(false);
  });
});

describe('isSmsCode: 6 digits', () => {
  it.each(['123456', '000000', ' 654321 '])('accepts %p', (v) => expect(isSmsCode(v)).toBe(true));
  it.each(['', '12345', '1234567', '12345a', '12 3456'])('rejects %p', (v) => expect(isSmsCode(v)).toBe(false));
});
