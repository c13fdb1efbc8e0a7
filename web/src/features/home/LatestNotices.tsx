import { NotificationOutlined } from '@ant-design/icons';
import { Card, Empty, List, Modal, Spin, Typography } from 'antd';
import { useState } from 'react';
import { FieldValue } from '../../components/resource/FieldValue';
import { formatDateTime } from '../../lib/dates';
import { noticeDefinition } from '../system/notice/definition';
import { useDashNotice, useDashNotices } from '../system/notice/dashApi';

const contentField = noticeDefinition.fields.find((field) => field.field === 'ntContent');
const filesField = noticeDefinition.fields.find((field) => field.field === 'files');

function NoticeModal({ ntIdx, onClose }: { ntIdx: number | null; onClose: () => void }) {
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

/** The home page's card of the latest notices; a click opens the notice in a dialog. */
export function LatestNotices() {
  const { data, isPending } = useDashNotices();
  const [opened, setOpened] = useState<number | null>(null);
  return (
    <Card
      size="small"
      className="latest-notices"
      title={
        <span>
          <NotificationOutlined /> 공지사항
        </span>
      }
    >
      {isPending ? (
        <Spin />
      ) : !data || data.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="게시 중인 공지사항이 없습니다." />
      ) : (
        <List
          size="small"
          dataSource={data}
          renderItem={(notice) => (
            <List.Item
              className="clickable-row"
              onClick={() => setOpened(notice.ntIdx)}
              extra={<span className="secondary-text">{formatDateTime(notice.createdAt).slice(0, 10)}</span>}
            >
              <Typography.Link>{notice.ntTitle}</Typography.Link>
            </List.Item>
          )}
        />
      )}
      <NoticeModal ntIdx={opened} onClose={() => setOpened(null)} />
    </Card>
  );
}
