import { describe, expect, it } from 'vitest';
import { checkDateRange, isBizNo, isDateString, isPercentage, passwordProblem } from './validators';

describe('isDateString', () => {
  it.each([
    ['2024-01-31', true],
    ['2024.01.31', true],
    ['2024-02-29', true], // leap year
    ['2000-02-29', true], // divisible by 400
    ['1900-02-29', false], // divisible by 100 only
    ['2023-02-29', false],
    ['2024-04-31', false],
    ['2024-13-01', false],
    ['2024-00-10', false],
    ['2024-01-00', false],
    ['2024-1-05', false],
    ['24-01-05', false],
    ['2024/01/05', false],
    ['2024-01.05', false], // separators must match
    ['20240105', false],
    [' 2024-01-05', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('%j -> %s', (text, expected) => {
    expect(isDateString(text)).toBe(expected);
  });
});

describe('checkDateRange', () => {
  it.each([
    // from > to comes first, even when the target is reversed too
    ['2024-03-10', '2024-03-01', '2024-05-01', '2024-04-01', 'from > to'],
    ['2024-03-10', '2024-03-01', '2024-03-01', '2024-03-31', 'from > to'],
    ['2024-03-01', '2024-03-10', '2024-05-01', '2024-04-01', 'targetFrom > targetTo'],
    ['2024-03-01', 'bad', '2024-05-01', '2024-04-01', 'targetFrom > targetTo'],
    ['2024-03-01', '2024-03-10', '2024-02-30', '2024-03-05', 'invalid'],
    ['', '2024-03-10', '2024-03-01', '2024-03-05', 'invalid'],
    ['2024-03-01', '2024-03-10', '2024-03-05', '2024-03-20', 'Y'],
    ['2024-03-01', '2024-03-10', '2024-03-10', '2024-03-20', 'Y'], // a shared day overlaps
    ['2024-03-01', '2024-03-31', '2024-03-05', '2024-03-06', 'Y'], // target inside
    ['2024.03.05', '2024.03.06', '2024-03-01', '2024-03-31', 'Y'], // range inside, dotted
    ['2024-03-01', '2024-03-10', '2024-03-11', '2024-03-20', 'N'],
    ['2024-03-11', '2024-03-20', '2024-03-01', '2024-03-10', 'N'],
    ['2024-03-01', '2024-03-01', '2024-03-01', '2024-03-01', 'Y'],
  ] as const)('%s~%s vs %s~%s -> %s', (from, to, targetFrom, targetTo, expected) => {
    expect(checkDateRange(from, to, targetFrom, targetTo)).toBe(expected);
  });
});

describe('isBizNo', () => {
  it.each([
    ['1248100998', true],
    ['2208162517', true],
    ['1018100340', true],
    ['124-81-00998', true],
    ['220-81-62517', true],
    ['9999999999', true],
    ['999-99-99999', true],
    ['1248100990', false],
    ['1248100999', false],
    ['2208162510', false],
    ['124810099', false],
    ['12481009981', false],
    ['124810099a', false],
    ['124 81 00998', false],
    ['0000000000', true], // all zeros satisfy the checksum: the server's uniqueness rule catches reuse
    ['', false],
    [null, false],
  ])('%j -> %s', (text, expected) => {
    expect(isBizNo(text)).toBe(expected);
  });
});

describe('isPercentage', () => {
  it.each([
    ['0', true],
    ['50', true],
    ['100', true],
    ['99.5', true],
    [100, true],
    [0, true],
    [' 7 ', true],
    ['100.01', false],
    ['101', false],
    ['-1', false],
    [-0.5, false],
    ['', false],
    ['  ', false],
    ['abc', false],
    ['1e2', false],
    [null, false],
    [undefined, false],
  ])('%j -> %s', (value, expected) => {
    expect(isPercentage(value)).toBe(expected);
  });
});

describe('passwordProblem', () => {
  it.each([
    ['abcdefghij12', 'admin', true], // 12 chars, two kinds
    ['abcdefgh12', 'admin', true], // 10 chars, two kinds
    ['abcdefg12', 'admin', false], // 9 chars, two kinds
    ['abcd12!@', 'admin', true], // 8 chars, three kinds
    ['abc12!@', 'admin', false], // 7 chars, three kinds
    ['abcdefghijkl', 'admin', false], // one kind
    ['12345678901', 'admin', false],
    ['Admin12345!', 'admin', false], // contains the id, whatever the case
    ['xadmin99999', 'admin', false],
  ])('%j for %j acceptable: %s', (password, userId, acceptable) => {
    expect(passwordProblem(password, userId) === null).toBe(acceptable);
  });
});
