import type { ColumnDefinition, Row } from '../common/listTypes';
import type { FieldDefinition, ListFilterDefinition, ResourceDefinition, RowAction } from '../resource/definition';
import { materialFileEndings, MAX_MATERIAL_BYTES, type MaterialKind } from './fileChecks';
import { checkMaterialFile } from './materialFile';
import { ENC_STATUS_COLORS, ENCODING, isEncodingPending, MAT_STATUS_COLORS, MATERIAL_STATUS } from './materialCodes';
import { MaterialPreview } from './MaterialPreview';

/** What sets one family of materials apart: its calls and screens, and who a material belongs to. */
export interface MaterialFamily {
  title: string;
  /** `campaign/material` or `content/material`. */
  apiPath: string;
  routeBase: string;
  program: string;
  /**
   * The owner of a material (an advertiser, or a slot type for house materials): column, condition,
   * field; none for board materials, which belong to the network.
   */
  owner?: { column: ColumnDefinition; filter: ListFilterDefinition; field: FieldDefinition };
  /** The only kind the family takes (board videos, board images); both without it. */
  kind?: MaterialKind;
}

/** How often a list or a view with an encoding under way asks again. */
export const ENCODING_REFRESH_SECONDS = 5;

/** The file newly picked in a file field, if any (a stored one has no local file). */
function pickedFile(value: unknown): File | null {
  const entries = Array.isArray(value) ? (value as { originFileObj?: File }[]) : [];
  return entries.find((entry) => entry.originFileObj)?.originFileObj ?? null;
}

const mayDo = (what: string) => (row: Row) => Array.isArray(row.actions) && row.actions.includes(what);

const optionalNumber = (value: unknown) => (value === null || value === undefined || value === '' ? null : Number(value));

/** Approve and reject (the approval kind `other`), and retry a failed encoding; each only when the detail's actions allow it now. */
function materialActions(apiPath: string): RowAction[] {
  return [
    {
      key: 'approve',
      label: '승인',
      url: `/api/${apiPath}/jsonStatus.do`,
      body: (row) => ({ matId: row.matId, matStatus: MATERIAL_STATUS.approved }),
      permission: 'other',
      confirm: '이 소재를 승인하시겠습니까?',
      shownWhen: mayDo('approve'),
      doneMessage: '승인되었습니다.',
    },
    {
      key: 'reject',
      label: '반려',
      url: `/api/${apiPath}/jsonStatus.do`,
      body: (row, { reason }) => ({ matId: row.matId, matStatus: MATERIAL_STATUS.rejected, reason }),
      permission: 'other',
      danger: true,
      shownWhen: mayDo('reject'),
      asks: [{ field: 'reason', label: '반려 사유', kind: 'textarea', required: true, maxLength: 500 }],
      doneMessage: '반려되었습니다.',
    },
    {
      key: 'retry',
      label: '인코딩 다시 시도',
      url: `/api/${apiPath}/jsonRetry.do`,
      body: (row) => ({ matId: row.matId }),
      permission: 'update',
      confirm: '인코딩을 다시 시도하시겠습니까?',
      shownWhen: mayDo('retry'),
      doneMessage: '인코딩을 다시 요청했습니다.',
    },
  ];
}

/**
 * A family of materials on the generic list and form: uploaded with progress after the file is
 * checked in the browser, encoded on the server (the list and the view follow the encoding until it
 * ends), then approved or rejected; the view previews the material and lists its encoded files.
 */
export function materialDefinition({ title, apiPath, routeBase, program, owner, kind }: MaterialFamily): ResourceDefinition {
  return {
    title,
    apiPath,
    routeBase,
    program,
    idField: 'matId',
    idType: 'number',
    saveAs: 'multipart',
    refreshSeconds: ENCODING_REFRESH_SECONDS,
    refreshWhile: isEncodingPending,
    columns: [
      { field: 'thumbUrl', title: '미리보기', kind: 'image', width: 80 },
      { field: 'matId', title: 'ID', sortable: true, width: 80 },
      { field: 'matName', title: '소재명', sortable: true, ellipsis: true, name: true },
      ...(owner ? [owner.column] : []),
      { field: 'templateType', title: '템플릿', cdKey: 'TEMPLATE_TYPE', ellipsis: true },
      { field: 'matPlaytime', title: '재생 시간', cdKey: 'MAT_PLAYTIME', width: 90 },
      { field: 'matType', title: '유형', width: 70, render: (value) => (value === 'image' ? '이미지' : '영상') },
      { field: 'matStatus', title: '상태', cdKey: 'MAT_STATUS', tagColors: MAT_STATUS_COLORS, sortable: true, width: 80 },
      { field: 'encodingStatus', title: '인코딩', cdKey: 'ENC_STATUS', tagColors: ENC_STATUS_COLORS, width: 100 },
      { field: 'createdAt', title: '등록일시', kind: 'dateTime', sortable: true, width: 170 },
    ],
    filters: [
      { field: 'matName', label: '소재명' },
      ...(owner ? [owner.filter] : []),
      { field: 'templateType', label: '템플릿', cdKey: 'TEMPLATE_TYPE' },
      { field: 'matStatus', label: '상태', cdKey: 'MAT_STATUS' },
      { field: 'encodingStatus', label: '인코딩', cdKey: 'ENC_STATUS' },
    ],
    fields: [
      { field: 'matId', label: 'ID', kind: 'text', readOnly: true },
      { field: 'matName', label: '소재명', kind: 'text', required: true, maxLength: 100 },
      // A new file is encoded for the template and play time it was registered with: they stay.
      ...(owner ? [{ ...owner.field, fixedAfterCreate: true }] : []),
      { field: 'templateType', label: '템플릿', kind: 'code', cdKey: 'TEMPLATE_TYPE', valueType: 'number', required: true, fixedAfterCreate: true },
      {
        field: 'matPlaytime',
        label: '재생 시간',
        kind: 'code',
        cdKey: 'MAT_PLAYTIME',
        valueType: 'number',
        required: true,
        defaultValue: 15,
        fixedAfterCreate: true,
      },
      {
        field: 'file',
        label: '소재 파일',
        kind: 'file',
        required: 'register',
        formOnly: true,
        wide: true,
        files: { downloadType: 'material', accept: materialFileEndings(kind), maxBytes: MAX_MATERIAL_BYTES },
        check: async (value, values) => {
          const file = pickedFile(value);
          if (!file) return null;
          return checkMaterialFile(file, { templateType: optionalNumber(values.templateType), matPlaytime: optionalNumber(values.matPlaytime), kind });
        },
      },
      { field: 'matStatus', label: '상태', kind: 'code', cdKey: 'MAT_STATUS', tagColors: MAT_STATUS_COLORS, readOnly: true },
      {
        field: 'rejectReason',
        label: '반려 사유',
        kind: 'textarea',
        readOnly: true,
        wide: true,
        shownWhen: (row) => Number(row.matStatus) === MATERIAL_STATUS.rejected,
      },
      { field: 'encodingStatus', label: '인코딩', kind: 'code', cdKey: 'ENC_STATUS', tagColors: ENC_STATUS_COLORS, readOnly: true },
      {
        field: 'encodingError',
        label: '인코딩 오류',
        kind: 'textarea',
        readOnly: true,
        wide: true,
        shownWhen: (row) => Number(row.encodingStatus) === ENCODING.failed,
      },
      { field: 'createdAt', label: '등록일시', kind: 'dateTime', readOnly: true },
      { field: 'updatedAt', label: '수정일시', kind: 'dateTime', readOnly: true },
    ],
    actions: materialActions(apiPath),
    sections: [{ kind: 'custom', key: 'preview', title: '미리보기', permission: 'view', component: MaterialPreview }],
  };
}
