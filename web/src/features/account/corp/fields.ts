import type { FieldDefinition, FileRules } from '../../../components/resource/definition';
import { bizNoDigits } from '../../../lib/bizNo';
import { isBizNo } from '../../../lib/validators';

const MB = 1024 * 1024;

/** The business licence kept with a corp (and an advertiser, which is a corp). */
export const LICENCE_FILE: FileRules = { downloadType: 'corp', accept: '.pdf,.png,.jpg,.jpeg', maxBytes: 10 * MB };

const BIZ_NO_DUPLICATE_CHECK = {
  url: '/api/account/corp/jsonDupCheck.do',
  body: (cBizNo: string, values: Record<string, unknown>) => (values.cId ? { cBizNo, cId: values.cId } : { cBizNo }),
  takenMessage: '이미 등록된 사업자등록번호입니다.',
  freeMessage: '사용할 수 있는 사업자등록번호입니다.',
};

/**
 * The fields every corp has, advertisers included. The duplicate check is a corp-management call:
 * screens for users without it (advertisers of a sales agent) rely on the save's answer instead.
 */
export const corpNameFields = ({ duplicateCheck }: { duplicateCheck: boolean }): FieldDefinition[] => [
  { field: 'cName', label: '사업자명', kind: 'text', required: true, maxLength: 100 },
  { field: 'cRep', label: '대표자명', kind: 'text', required: true, maxLength: 50 },
  {
    field: 'cBizNo',
    label: '사업자등록번호',
    kind: 'text',
    required: true,
    maxLength: 12,
    placeholder: '숫자 10자리',
    validate: (value) => (isBizNo(String(value)) ? null : '사업자등록번호가 올바르지 않습니다.'),
    normalize: bizNoDigits,
    duplicateCheck: duplicateCheck ? BIZ_NO_DUPLICATE_CHECK : undefined,
  },
  { field: 'cType', label: '사업자 유형', kind: 'code', cdKey: 'CORP_TYPE', valueType: 'number', required: true, defaultValue: 1 },
  { field: 'cPayType', label: '결제 유형', kind: 'code', cdKey: 'PAY_TYPE', valueType: 'number', required: true, defaultValue: 1 },
];

export const CORP_STATUS_CHOICES: [number, string][] = [
  [1, '승인'],
  [2, '중지'],
  [5, '반려'],
];
