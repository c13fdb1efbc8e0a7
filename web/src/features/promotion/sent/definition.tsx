import { Tag } from 'antd';
import type { ResourceDefinition } from '../../../components/resource/definition';
import { couponPopup } from '../biz/popup';
import { SEND_FIELDS, sendBody } from '../biz/sendFields';

const SEND_STATUS: Record<string, { label: string; color: string }> = {
  queued: { label: '대기', color: 'blue' },
  sent: { label: '발송', color: 'green' },
  failed: { label: '실패', color: 'red' },
};

/** What was sent of which coupon to whom, through the SMS outbox; a row opens its coupon. */
export const sentDefinition: ResourceDefinition = {
  title: '발송 내역',
  apiPath: 'promotion/sent',
  routeBase: '/promotion/sent',
  program: 'promotion.sent',
  idField: 'spIdx',
  idType: 'number',
  readOnly: true,
  rowPath: (row) => `/promotion/biz/view?${new URLSearchParams({ cpIdx: String(row.cpIdx) })}`,
  columns: [
    { field: 'createdAt', title: '요청일시', kind: 'dateTime', width: 170 },
    { field: 'cpNm', title: '쿠폰명', ellipsis: true, name: true },
    { field: 'cName', title: '광고주', ellipsis: true },
    { field: 'phone', title: '휴대폰', width: 140 },
    { field: 'message', title: '문자 내용', ellipsis: true },
    {
      field: 'status',
      title: '상태',
      width: 80,
      render: (value) => <Tag color={SEND_STATUS[String(value)]?.color}>{SEND_STATUS[String(value)]?.label ?? String(value ?? '')}</Tag>,
    },
    { field: 'sentAt', title: '발송일시', kind: 'dateTime', width: 170 },
  ],
  filters: [
    { field: 'cpIdx', label: '쿠폰', popup: couponPopup },
    { field: 'cName', label: '광고주명' },
  ],
  fields: [],
  listActions: [
    {
      key: 'send',
      label: '쿠폰 발송',
      url: '/api/promotion/sent/jsonSend.do',
      permission: 'write',
      asks: [
        { field: 'cpIdx', label: '쿠폰', kind: 'popup', popup: couponPopup, popupConditions: () => ({ cpStatus: 1 }), required: true },
        ...SEND_FIELDS,
      ],
      body: (answers) => sendBody(answers.cpIdx, answers),
      doneMessage: '쿠폰 안내 문자를 발송했습니다.',
    },
  ],
};
