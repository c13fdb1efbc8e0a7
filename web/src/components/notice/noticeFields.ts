import type { FieldDefinition } from '../resource/definition';

const NOTICE_FILE_TYPES = '.pdf,.png,.jpg,.jpeg,.gif,.xlsx,.docx,.hwp,.zip,.txt';

/** What a notice says: rich text, sanitised wherever it shows (its screens and the home page). */
export const noticeContentField: FieldDefinition = { field: 'ntContent', label: '내용', kind: 'richText', required: true, wide: true };

/** The files attached to a notice, downloaded as notice files. */
export const noticeFilesField: FieldDefinition = {
  field: 'files',
  label: '첨부파일',
  kind: 'files',
  wide: true,
  files: { downloadType: 'notice', accept: NOTICE_FILE_TYPES, maxBytes: 20 * 1024 * 1024, removedIdsField: 'deleteFileIdxs' },
};
