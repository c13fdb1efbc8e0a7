import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/envelope';
import { refusalOf } from './refusal';

describe('refusals', () => {
  it('tell a refused approval by what it carries', () => {
    const conflicts = [{ mgId: 11, date: '2026-03-02', capacity: 10, used: 10 }];
    expect(refusalOf(new ApiError({ code: 10409, message: '슬롯이 부족합니다.', data: { conflicts } }))).toEqual({
      kind: 'conflicts',
      message: '슬롯이 부족합니다.',
      conflicts,
    });
    expect(refusalOf(new ApiError({ code: 10409, message: '포인트가 부족합니다.', data: { balance: 1000, required: 5000 } }))).toEqual({
      kind: 'points',
      message: '포인트가 부족합니다.',
      balance: 1000,
      required: 5000,
    });
    expect(refusalOf(new ApiError({ code: 10409, message: '상태가 바뀌었습니다.', data: null }))?.kind).toBe('other');
    expect(refusalOf(new ApiError({ code: 10403, message: '권한이 없습니다.', data: null }))).toBeNull();
    expect(refusalOf(new Error('x'))).toBeNull();
  });
});
