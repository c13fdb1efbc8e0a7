import { DEPLOYED_COLORS } from '../../../components/code/mediaStatusColors';
import type { FileRules, ResourceDefinition } from '../../../components/resource/definition';

const MB = 1024 * 1024;

/** A player build: an Android package or zip, a Windows executable or a Linux binary. */
const PLAYER_BUILD: FileRules = { downloadType: 'player', accept: '.apk,.zip,.exe,.bin,.elf', maxBytes: 300 * MB };

/** Player builds per OS and player type; one of each is deployed to the screens. */
export const playerDefinition: ResourceDefinition = {
  title: '플레이어',
  apiPath: 'media/player',
  routeBase: '/media/player',
  program: 'media.player',
  idField: 'plyIdx',
  idType: 'number',
  saveAs: 'multipart',
  columns: [
    { field: 'plyIdx', title: 'ID', sortable: true, width: 80 },
    { field: 'osType', title: 'OS', cdKey: 'OS_TYPE', width: 100 },
    { field: 'plyType', title: '유형', cdKey: 'PLY_TYPE', width: 130 },
    { field: 'plyVersion', title: '버전', sortable: true, width: 110 },
    { field: 'plyVFname', title: '파일', ellipsis: true },
    { field: 'plyDesc', title: '설명', ellipsis: true },
    { field: 'plyDeployYn', title: '배포', cdKey: 'YN', tagColors: DEPLOYED_COLORS, width: 80 },
    { field: 'createdAt', title: '등록일시', kind: 'dateTime', sortable: true, width: 180 },
  ],
  filters: [
    { field: 'osType', label: 'OS', cdKey: 'OS_TYPE' },
    { field: 'plyType', label: '유형', cdKey: 'PLY_TYPE' },
    { field: 'plyDeployYn', label: '배포', cdKey: 'YN' },
  ],
  fields: [
    { field: 'osType', label: 'OS', kind: 'code', cdKey: 'OS_TYPE', required: true, fixedAfterCreate: true, defaultValue: 'AND' },
    { field: 'plyType', label: '유형', kind: 'code', cdKey: 'PLY_TYPE', required: true, fixedAfterCreate: true, defaultValue: 'MAIN' },
    { field: 'plyVersion', label: '버전', kind: 'text', required: true, maxLength: 50, placeholder: '예: 2.4.1' },
    { field: 'file', label: '빌드 파일', kind: 'file', files: PLAYER_BUILD },
    { field: 'plyDesc', label: '설명', kind: 'textarea', maxLength: 500, wide: true },
    { field: 'plyDeployYn', label: '배포', kind: 'code', cdKey: 'YN', tagColors: DEPLOYED_COLORS, readOnly: true },
    { field: 'createdAt', label: '등록일시', kind: 'dateTime', readOnly: true },
  ],
  actions: [
    {
      key: 'deploy',
      label: '배포',
      url: '/api/media/player/jsonDeploy.do',
      body: (row) => ({ plyIdx: row.plyIdx }),
      permission: 'update',
      shownWhen: (row) => row.plyDeployYn !== 'Y',
      confirm: '이 버전을 배포하시겠습니까? 같은 OS·유형의 다른 버전은 배포가 해제됩니다.',
      doneMessage: '배포했습니다. 플레이어가 다음 응답 때 내려받습니다.',
    },
  ],
};
