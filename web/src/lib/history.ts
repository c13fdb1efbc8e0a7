/**
 * How the history the server writes reads for people: the actions it records (api `record` calls
 * and campaign steps) and the actors that are not users.
 */
export const ACTION_LABELS: Record<string, string> = {
  create: '등록',
  update: '수정',
  delete: '삭제',
  save: '저장',
  status: '상태 변경',
  password: '비밀번호 변경',
  unlock: '잠금 해제',
  answer: '답변',
  register: '기기 등록',
  request: '승인요청',
  approve: '승인',
  reject: '반려',
  cancel: '승인취소',
  revert: '취소 철회',
  stop: '중지',
  resume: '재개',
  start: '방송 시작',
  end: '방송 종료',
  change: '변경 요청',
  retry: '인코딩 재시도',
  close: '월 마감',
  reopen: '마감 재오픈',
  init: '초기화',
  modify: '편성 슬롯 변경',
  ssaidReset: 'SSAID 초기화',
  statusReset: '상태 초기화',
  sendMsg: '메시지 전송',
  deploy: '배포',
  demolish: '철거',
  mapping: '매체 매핑',
};

/** Point entries name their kind as the action (POINT_TYPE): a point "save" is a saving, not a save. */
const POINT_ACTION_LABELS: Record<string, string> = { distribute: '배분', collect: '회수', save: '적립', use: '사용' };

/** An action as people read it; one the list does not know shows as written. */
export function actionLabel(action: unknown, target?: unknown): string {
  const key = String(action ?? '');
  if (String(target ?? '').startsWith('point.') && POINT_ACTION_LABELS[key]) return POINT_ACTION_LABELS[key];
  return ACTION_LABELS[key] ?? key;
}

/** Who changed something when it was no user: a screen's own call, or the server's jobs. */
const ACTOR_LABELS: Record<string, string> = { player: '플레이어(기기)', system: '시스템(자동)' };

export function actorLabel(uId: unknown): string {
  const id = String(uId ?? '');
  return ACTOR_LABELS[id] ?? id;
}
