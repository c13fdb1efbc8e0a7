import { Modal, Spin, Typography } from 'antd';
import { FieldValue } from '../../components/resource/FieldValue';
import { formatDateTime } from '../../lib/dates';
import { useDashNotice } from '../system/notice/dashApi';
import { noticeDefinition } from '../system/notice/definition';

const contentField = noticeDefinition.fields.find((field) => field.field === 'ntContent');
const filesField = noticeDefinition.fields.find((field) => field.field === 'files');

/** A notice opened from the home page: its sanitised content and its attachments, in a dialog. */
export default function NoticeModal({ ntIdx, onClose }: { ntIdx: number | null; onClose: () => void }) {
  const { data, isPending } = useDashNotice(ntIdx);
  return (
    <Modal
      title={data ? String(data.ntTitle ?? '') : '공지사항'}
      open={ntIdx !== null}
      onCancel={onClose}
      footer={null}
      width={720}
      destroyOnHidden
      className="notice-modal"
    >
      {isPending || !data ? (
        <Spin />
      ) : (
        <>
          <Typography.Paragraph type="secondary">
            {String(data.uName ?? '')} · {formatDateTime(data.createdAt as string | null)}
          </Typography.Paragraph>
          {contentField && <FieldValue shape={contentField} value={data.ntContent} />}
          {filesField && <FieldValue shape={filesField} value={data.files} />}
        </>
      )}
    </Modal>
  );
}
