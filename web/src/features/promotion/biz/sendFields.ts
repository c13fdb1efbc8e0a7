import type { FieldDefinition, Row } from '../../../components/resource/definition';
import { advertiserPopup } from '../../../components/searchPopups/advertiserPopup';

/** Corps one send reaches at most. */
export const MAX_SEND_CORPS = 1_000;

/** Small merchants (corp type 2): the advertisers a biz coupon is for. */
const SMALL_MERCHANT = { cType: 2 };

/** What a coupon send asks: the advertisers it goes to, and a message (a default naming the coupon otherwise). */
export const SEND_FIELDS: FieldDefinition[] = [
  {
    field: 'cIds',
    label: '받는 광고주',
    kind: 'popupMany',
    popup: advertiserPopup,
    popupConditions: () => SMALL_MERCHANT,
    required: true,
    validate: (value) => (Array.isArray(value) && value.length > MAX_SEND_CORPS ? `한 번에 ${MAX_SEND_CORPS.toLocaleString('ko-KR')}곳까지 보낼 수 있습니다.` : null),
  },
  { field: 'message', label: '문자 내용', kind: 'textarea', maxLength: 1000, placeholder: '비우면 쿠폰 안내 문구를 보냅니다.' },
];

/** The send request: the coupon, its receivers, and the message when one was written. */
export function sendBody(cpIdx: unknown, answers: Row): object {
  const message = typeof answers.message === 'string' ? answers.message.trim() : '';
  return { cpIdx, cIds: answers.cIds, ...(message ? { message } : {}) };
}
