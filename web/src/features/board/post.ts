import { periodColumn } from '../../components/common/periodColumn';
import type { ColumnDefinition, FieldDefinition, ListFilterDefinition, ResourceDefinition, Row } from '../../components/resource/definition';
import { notBefore } from '../../components/resource/fieldRules';
import { mediaGroupPopup } from '../../components/searchPopups/mediaGroupPopup';
import { MANAGING_ROLES } from '../../lib/roles';
import { boardVideoMaterialPopup } from './adMaterial/popup';
import { isStoppable, POST_IMAGE_MAX_BYTES, POST_IMAGE_MAX_COUNT, POST_IMAGE_TYPES, POST_STATUS, POST_STATUS_COLORS } from './postCodes';

/**
 * The three boards of posts the screens show beside their loop, one shape on one set of calls
 * (`board/{kind}/...`): image posts for chosen media groups, video posts (a board video material)
 * for chosen media groups, and all-screen image posts for every screen.
 */
export type PostKind = 'image' | 'material' | 'adImage';

const TITLES: Record<PostKind, string> = { image: '이미지 게시판', material: '동영상 게시판', adImage: '전체화면 게시판' };

const stopped = (row: Row) => Number(row.status) === POST_STATUS.stopped;

function columns(kind: PostKind): ColumnDefinition[] {
  return [
    { field: 'biIdx', title: 'ID', sortable: true, width: 80 },
    { field: 'title', title: '제목', sortable: true, ellipsis: true, name: true },
    ...(kind === 'material' ? [{ field: 'matName', title: '영상 소재', ellipsis: true }] : []),
    periodColumn('fromDate', 'toDate', '게시 기간'),
    { field: 'status', title: '상태', cdKey: 'BOARD_AD_STATUS', tagColors: POST_STATUS_COLORS, width: 90 },
    ...(kind === 'adImage' ? [] : [{ field: 'mgCnt', title: '매체 그룹', kind: 'number' as const, width: 90 }]),
    { field: 'uName', title: '등록자', width: 110 },
    { field: 'createdAt', title: '등록일시', kind: 'dateTime', sortable: true, width: 180 },
  ];
}

function filters(kind: PostKind): ListFilterDefinition[] {
  return [
    { field: 'title', label: '제목' },
    { field: 'status', label: '상태', cdKey: 'BOARD_AD_STATUS' },
    ...(kind === 'adImage' ? [] : [{ field: 'mgId', label: '매체 그룹', popup: mediaGroupPopup }]),
  ];
}

/** What a post shows and where: its groups (none for all-screen posts), then its video or its images. */
function targetFields(kind: PostKind): FieldDefinition[] {
  const groups: FieldDefinition = {
    field: 'mgIds',
    label: '매체 그룹',
    kind: 'popupMany',
    popup: mediaGroupPopup,
    labelsField: 'groups',
    required: true,
    wide: true,
  };
  const video: FieldDefinition = {
    field: 'matId',
    label: '영상 소재',
    kind: 'popup',
    popup: boardVideoMaterialPopup,
    labelField: 'matName',
    required: true,
    wide: true,
  };
  return kind === 'image' ? [groups] : kind === 'material' ? [groups, video] : [];
}

const IMAGES: FieldDefinition = {
  field: 'files',
  label: `이미지 (png, jpeg ${POST_IMAGE_MAX_COUNT}개까지)`,
  kind: 'files',
  required: true,
  wide: true,
  files: {
    downloadType: 'board',
    accept: POST_IMAGE_TYPES,
    maxBytes: POST_IMAGE_MAX_BYTES,
    maxCount: POST_IMAGE_MAX_COUNT,
    image: true,
    removedIdsField: 'deleteFileIdxs',
  },
};

/** The board of posts of this kind on the generic list and form, with the stop button of a post that waits or shows. */
export function postDefinition(kind: PostKind): ResourceDefinition {
  const images = kind !== 'material';
  return {
    title: TITLES[kind],
    apiPath: `board/${kind}`,
    routeBase: `/board/${kind}`,
    program: `board.${kind}`,
    idField: 'biIdx',
    idType: 'number',
    ...(images ? { saveAs: 'multipart' as const } : {}),
    // Site managers read all-screen posts; managers and operators write them.
    ...(kind === 'adImage' ? { listNote: '전체화면 게시물은 모든 화면에 게시됩니다.', changedByRoles: MANAGING_ROLES } : {}),
    columns: columns(kind),
    filters: filters(kind),
    fields: [
      { field: 'title', label: '제목', kind: 'text', required: true, maxLength: 200, wide: true },
      { field: 'fromDate', label: '게시 시작일', kind: 'date', required: true },
      { field: 'toDate', label: '게시 종료일', kind: 'date', required: true, validate: notBefore('fromDate', '게시 종료일은 시작일 이후여야 합니다.') },
      ...targetFields(kind),
      { field: 'status', label: '상태', kind: 'code', cdKey: 'BOARD_AD_STATUS', tagColors: POST_STATUS_COLORS, readOnly: true },
      { field: 'uName', label: '등록자', kind: 'text', readOnly: true },
      { field: 'createdAt', label: '등록일시', kind: 'dateTime', readOnly: true },
      { field: 'stoppedAt', label: '중지일시', kind: 'dateTime', readOnly: true, shownWhen: stopped },
      { field: 'stopReason', label: '중지 사유', kind: 'textarea', readOnly: true, wide: true, shownWhen: stopped },
      { field: 'body', label: '내용', kind: 'richText', required: true, wide: true },
      ...(images ? [IMAGES] : []),
    ],
    actions: [
      {
        key: 'stop',
        label: '게시 중지',
        url: `/api/board/${kind}/jsonStop.do`,
        body: (row, { reason }) => ({ biIdx: row.biIdx, reason }),
        permission: 'update',
        danger: true,
        shownWhen: (row) => isStoppable(row.status),
        asks: [{ field: 'reason', label: '중지 사유', kind: 'textarea', required: true, maxLength: 500 }],
        doneMessage: '게시를 중지했습니다.',
      },
    ],
  };
}
