import { describe, expect, it } from 'vitest';
import { offeredCodes, selectionState, setCodes, type MatrixProgram } from './permissionMatrix';

const programs: MatrixProgram[] = [
  { prgCode: 'system.code', prgName: '공통코드', prgKinds: ['view', 'list', 'write'] },
  { prgCode: 'campaign.run', prgName: '진행 캠페인', prgKinds: ['list', 'update', 'other'] },
];

describe('offeredCodes', () => {
  it('lists what every program offers, in the matrix order of kinds', () => {
    expect(offeredCodes(programs)).toEqual([
      'system.code:list',
      'system.code:write',
      'system.code:view',
      'campaign.run:list',
      'campaign.run:update',
      'campaign.run:other',
    ]);
  });

  it('narrows to one program (a row) or one kind (a column)', () => {
    expect(offeredCodes(programs, { prgCode: 'campaign.run' })).toEqual(['campaign.run:list', 'campaign.run:update', 'campaign.run:other']);
    expect(offeredCodes(programs, { kind: 'list' })).toEqual(['system.code:list', 'campaign.run:list']);
    expect(offeredCodes(programs, { kind: 'delete' })).toEqual([]);
  });
});

describe('setCodes', () => {
  it('grants and withdraws only the targets, keeping codes the matrix does not show', () => {
    const codes = ['media.poi:list', 'system.code:list'];
    expect(setCodes(codes, ['system.code:view', 'system.code:list'], true)).toEqual(['media.poi:list', 'system.code:list', 'system.code:view']);
    expect(setCodes(codes, ['system.code:list', 'campaign.run:list'], false)).toEqual(['media.poi:list']);
  });
});

describe('selectionState', () => {
  it.each([
    [[], ['a:list'], 'none'],
    [['a:list'], ['a:list', 'a:view'], 'some'],
    [['a:list', 'a:view', 'b:list'], ['a:list', 'a:view'], 'all'],
    [['a:list'], [], 'none'],
  ] as const)('%j of %j -> %s', (codes, targets, expected) => {
    expect(selectionState([...codes], [...targets])).toBe(expected);
  });
});
