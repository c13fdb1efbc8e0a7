import { Badge, Space } from 'antd';
import { CodeTag } from '../../../components/code/CodeTag';
import type { ResourceDefinition } from '../../../components/resource/definition';
import { MANAGING_ROLES } from '../../../lib/roles';
import { AnswerPanel } from './AnswerPanel';
import { isAnswered, QNA_API, QNA_FILE_MAX_BYTES, QNA_FILE_MAX_COUNT, QNA_FILE_TYPES, QNA_STATUS_COLORS } from './qnaCodes';

/** A question's status, and a mark while its asker has not read the answer yet. */
function QnaStatus({ status, newAnswer }: { status: unknown; newAnswer: boolean }) {
  return (
    <Space size={6}>
      <CodeTag cdKey="QNA_STATUS" value={status} colors={QNA_STATUS_COLORS} />
      {newAnswer && <Badge status="processing" color="red" text="새 답변" />}
    </Space>
  );
}

const isManaging = (roleCd: number | undefined) => roleCd !== undefined && MANAGING_ROLES.includes(Number(roleCd));

/**
 * Questions to the network (Q&A): asked with attachments, answered by managers and operators in the
 * view. Askers see their own and may change or delete them only until they are answered.
 */
export const qnaDefinition: ResourceDefinition = {
  title: 'Q&A',
  apiPath: QNA_API,
  routeBase: '/board/qna',
  program: 'board.qna',
  idField: 'qnaIdx',
  idType: 'number',
  saveAs: 'multipart',
  columns: [
    { field: 'qnaIdx', title: 'ID', sortable: true, width: 80 },
    { field: 'title', title: '제목', sortable: true, ellipsis: true, name: true },
    { field: 'status', title: '상태', width: 190, render: (value, row) => <QnaStatus status={value} newAnswer={row.newAnswer === true} /> },
    { field: 'askerName', title: '작성자', width: 120 },
    { field: 'createdAt', title: '등록일시', kind: 'dateTime', sortable: true, width: 180 },
    { field: 'answeredAt', title: '답변일시', kind: 'dateTime', width: 180 },
  ],
  filters: [
    { field: 'title', label: '제목' },
    { field: 'status', label: '상태', cdKey: 'QNA_STATUS' },
  ],
  fields: [
    { field: 'title', label: '제목', kind: 'text', required: true, maxLength: 200, wide: true },
    { field: 'status', label: '상태', kind: 'code', cdKey: 'QNA_STATUS', tagColors: QNA_STATUS_COLORS, readOnly: true },
    { field: 'askerName', label: '작성자', kind: 'text', readOnly: true },
    { field: 'createdAt', label: '등록일시', kind: 'dateTime', readOnly: true },
    { field: 'answeredAt', label: '답변일시', kind: 'dateTime', readOnly: true, shownWhen: isAnswered },
    { field: 'body', label: '내용', kind: 'richText', required: true, wide: true },
    {
      field: 'files',
      label: `첨부파일 (${QNA_FILE_MAX_COUNT}개까지)`,
      kind: 'files',
      wide: true,
      files: { downloadType: 'qna', accept: QNA_FILE_TYPES, maxBytes: QNA_FILE_MAX_BYTES, maxCount: QNA_FILE_MAX_COUNT, removedIdsField: 'deleteFileIdxs' },
    },
    { field: 'answererName', label: '답변자', kind: 'text', readOnly: true, shownWhen: isAnswered },
    { field: 'answer', label: '답변', kind: 'richText', readOnly: true, wide: true, shownWhen: isAnswered },
  ],
  lockedWhen: (row, roleCd) => isAnswered(row) && !isManaging(roleCd),
  sections: [{ kind: 'custom', key: 'answer', title: '답변 작성', permission: 'update', roles: MANAGING_ROLES, component: AnswerPanel }],
};
