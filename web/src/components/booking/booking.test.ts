import { describe, expect, it } from 'vitest';
import { bookingFieldOf, toFormErrors } from './booking';

describe('server field errors', () => {
  it.each([
    ['cmpgTitle', 'cmpgTitle'],
    ['startDate', 'period'],
    ['endDate', 'period'],
    ['targets[1].mgId', 'targets'],
    ['materials.0.matId', 'materials'],
    ['mgIds[3]', 'targets'],
    ['title', 'title'],
  ])('show %s on the field %s', (server, field) => {
    expect(bookingFieldOf(server)).toBe(field);
  });

  it('join the messages that land on one field', () => {
    expect(toFormErrors({ startDate: '시작일은 오늘 이후여야 합니다.', endDate: '종료일이 너무 깁니다.', slotCnt: '1~10' })).toEqual([
      { name: 'period', errors: ['시작일은 오늘 이후여야 합니다.', '종료일이 너무 깁니다.'] },
      { name: 'slotCnt', errors: ['1~10'] },
    ]);
  });
});
