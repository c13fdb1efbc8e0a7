import { describe, expect, it } from 'vitest';
import { MAX_SEND_CORPS, SEND_FIELDS, sendBody } from './sendFields';

describe('sendBody', () => {
  it('sends the coupon, its receivers and the message written', () => {
    expect(sendBody(4, { cIds: [7, 9], message: ' 봄맞이 쿠폰을 드립니다. ' })).toEqual({ cpIdx: 4, cIds: [7, 9], message: '봄맞이 쿠폰을 드립니다.' });
  });

  it('leaves the message to the server when none was written', () => {
    expect(sendBody(4, { cIds: [7], message: '  ' })).toEqual({ cpIdx: 4, cIds: [7] });
    expect(sendBody(4, { cIds: [7] })).toEqual({ cpIdx: 4, cIds: [7] });
  });
});

describe('the receivers of a send', () => {
  const receivers = SEND_FIELDS.find((field) => field.field === 'cIds')!;

  it('are small merchants only', () => {
    expect(receivers.popupConditions?.({}, {})).toEqual({ cType: 2 });
  });

  it('are at most a thousand corps', () => {
    const ids = (count: number) => Array.from({ length: count }, (_, index) => index + 1);
    expect(receivers.validate?.(ids(MAX_SEND_CORPS), {})).toBeNull();
    expect(receivers.validate?.(ids(MAX_SEND_CORPS + 1), {})).toMatch(/1,000곳/);
  });
});
