import { NotificationOutlined } from '@ant-design/icons';
import { Empty, Spin } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Panel } from '../../components/common/Panel';
import { formatDateTime } from '../../lib/dates';
import { useDashNotices } from './noticeApi';

// A notice's content needs the sanitiser and the file list: fetched when one is first opened, not
// with the home page.
const NoticeModal = lazy(() => import('./NoticeModal'));

/** The home page's card of the latest notices; a click opens the notice in a dialog. */
export function LatestNotices() {
  const { data, isPending } = useDashNotices();
  const [opened, setOpened] = useState<number | null>(null);
  const [used, setUsed] = useState(false);
  const open = (ntIdx: number) => {
    setUsed(true);
    setOpened(ntIdx);
  };
  return (
    <Panel
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
        <ul className="plain-list">
          {data.map((notice) => (
            <li key={notice.ntIdx}>
              <button type="button" className="link-button" onClick={() => open(notice.ntIdx)}>
                {notice.ntTitle}
              </button>
              <span className="secondary-text">{formatDateTime(notice.createdAt).slice(0, 10)}</span>
            </li>
          ))}
        </ul>
      )}
      {used && (
        <Suspense fallback={null}>
          <NoticeModal ntIdx={opened} onClose={() => setOpened(null)} />
        </Suspense>
      )}
    </Panel>
  );
}
