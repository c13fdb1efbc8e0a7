import { Modal, Spin, Typography } from 'antd';
import { noticeContentField, noticeFilesField } from '../../components/notice/noticeFields';
import { FieldValue } from '../../components/resource/FieldValue';
import { formatDateTime } from '../../lib/dates';
import { useDashNotice } from './noticeApi';

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
          <FieldValue shape={noticeContentField} value={data.ntContent} />
          <FieldValue shape={noticeFilesField} value={data.files} />
        </>
      )}
    </Modal>
  );
}
