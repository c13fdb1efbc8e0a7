import type { Row, TagColors } from '../../../components/common/listTypes';

/** The calls of the questions: /api/board/qna/... */
export const QNA_API = 'board/qna';

/** Statuses of a question (QNA_STATUS). */
export const QNA_STATUS = { waiting: 0, answered: 1 } as const;

/** Waiting for an answer orange, answered green. */
export const QNA_STATUS_COLORS: TagColors = { '0': 'orange', '1': 'green' };

export const isAnswered = (row: Row) => Number(row.status) === QNA_STATUS.answered;

/** Attachments of a question: documents and pictures, at most 5 of 20 MB each. */
export const QNA_FILE_TYPES = '.png,.jpg,.jpeg,.gif,.pdf,.zip,.hwp,.txt';
export const QNA_FILE_MAX_BYTES = 20 * 1024 * 1024;
export const QNA_FILE_MAX_COUNT = 5;
