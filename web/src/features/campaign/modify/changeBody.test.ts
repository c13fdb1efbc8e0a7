import { describe, expect, it } from 'vitest';
import { changeProblems, remainingPeriod, toChangeBody, type ChangeValues } from './changeBody';

const base: ChangeValues = {
  writeType: 1,
  targets: [{ mgId: 11, mgNm: '101동' }, { mgId: 12 }],
  materials: [{ matId: 40, matName: '봄' }],
  endDate: '2026-05-31',
  reason: '  입주민 요청 ',
};
const dates = { startDate: '2026-03-01', endDate: '2026-06-30', today: '2026-04-10' };

describe('a change request', () => {
  it('sends only what its write type changes', () => {
    expect(toChangeBody(9, base)).toEqual({ cmpgId: 9, writeType: 1, targets: [{ mgId: 11 }, { mgId: 12 }], reason: '입주민 요청' });
    expect(toChangeBody(9, { ...base, writeType: 2, reason: '' })).toEqual({ cmpgId: 9, writeType: 2, materials: [{ matId: 40 }] });
    expect(toChangeBody(9, { ...base, writeType: 3 })).toEqual({ cmpgId: 9, writeType: 3, endDate: '2026-05-31', reason: '입주민 요청' });
  });

  it('needs groups for a target change and materials for a material change', () => {
    expect(changeProblems({ ...base, targets: [] }, dates)).toEqual({ targets: '매체 그룹을 하나 이상 선택해 주세요.' });
    expect(changeProblems({ ...base, writeType: 2, materials: [] }, dates)).toEqual({ materials: '소재를 하나 이상 선택해 주세요.' });
    expect(changeProblems(base, dates)).toEqual({});
  });

  it.each([
    [null, '새 종료일을 선택해 주세요.'],
    ['2026-04-10', '새 종료일은 내일 이후여야 합니다.'],
    ['2026-04-11', null],
    ['2026-06-29', null],
    ['2026-06-30', '새 종료일은 현재 종료일(2026-06-30)보다 빨라야 합니다.'],
  ])('ends a campaign midway on %s only from tomorrow and before its end', (endDate, problem) => {
    const problems = changeProblems({ ...base, writeType: 3, endDate }, dates);
    expect(problems.endDate ?? null).toBe(problem);
  });

  it('covers the days left from tomorrow, or from the start when it is later', () => {
    expect(remainingPeriod(dates)).toEqual(['2026-04-11', '2026-06-30']);
    expect(remainingPeriod({ ...dates, today: '2026-02-01' })).toEqual(['2026-03-01', '2026-06-30']);
    expect(remainingPeriod({ ...dates, today: '2026-06-30' })).toBeNull();
  });
});
