import { describe, expect, it } from 'vitest';
import { generationBody } from './generationBody';

describe('generationBody', () => {
  it('sends the chosen groups and the period', () => {
    expect(generationBody({ allGroups: false, mgIds: [3, 4], period: ['2026-03-01', '2026-03-07'] })).toEqual({
      body: { mgIds: [3, 4], fromDate: '2026-03-01', toDate: '2026-03-07' },
    });
  });

  it('names no groups for every live group, whatever was picked before', () => {
    expect(generationBody({ allGroups: true, mgIds: [3], period: ['2026-03-01', '2026-03-01'] })).toEqual({
      body: { fromDate: '2026-03-01', toDate: '2026-03-01' },
    });
  });

  it.each([
    ['31 days', ['2026-03-01', '2026-03-31'], null],
    ['32 days', ['2026-03-01', '2026-04-01'], '기간은 31일 이내여야 합니다.'],
    ['a reversed period', ['2026-03-02', '2026-03-01'], '종료일은 시작일 이후여야 합니다.'],
  ] as const)('holds %s to the rule', (_name, period, problem) => {
    const built = generationBody({ allGroups: true, mgIds: [], period: [...period] });
    expect('problem' in built ? built.problem : null).toBe(problem);
  });

  it('asks for groups when none are chosen, and for a period', () => {
    expect(generationBody({ allGroups: false, mgIds: [], period: ['2026-03-01', '2026-03-02'] })).toEqual({ problem: '매체 그룹을 선택해 주세요.' });
    expect(generationBody({ allGroups: true, mgIds: [], period: null })).toEqual({ problem: '기간을 선택해 주세요.' });
  });
});
