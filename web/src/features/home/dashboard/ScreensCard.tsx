import { Empty } from 'antd';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { DonutChart } from '../../../components/chart/DonutChart';
import { CodeTag } from '../../../components/code/CodeTag';
import { MEDIA_STATUS_COLORS } from '../../../components/code/mediaStatusColors';
import { Panel } from '../../../components/common/Panel';
import { formatDateTime } from '../../../lib/dates';
import { useSessionUser } from '../../../lib/session/sessionStore';
import { number, screenSlices } from './chartData';
import type { FaultScreen, ScreenCounts } from './dashboardApi';
import { mayOpen, screenPath } from './links';

/** Screens by status as a donut (a part opens those screens) beside the screens in fault, each linking to its screen. */
export function ScreensCard({ screens, faults }: { screens: ScreenCounts; faults: FaultScreen[] }) {
  const user = useSessionUser();
  const navigate = useNavigate();
  const slices = useMemo(() => screenSlices(screens), [screens]);
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  const operation = '/media/operation/list';

  return (
    <Panel
      title="매체 상태"
      className="dashboard-card screens-card"
      extra={mayOpen(user, operation) ? <Link to={operation}>운영 현황</Link> : null}
    >
      <div className="screens-card-body">
        <DonutChart
          slices={slices}
          center={{ value: number(total), note: '전체' }}
          label={`매체 상태: ${slices.map((slice) => `${slice.name} ${slice.value.toLocaleString('ko-KR')}대`).join(', ')}`}
          height={220}
          tooltip={(slice, percent) => `${slice.name}: ${number(slice.value)}대 (${percent}%)`}
          onPick={(index) => {
            const slice = slices[index];
            if (slice && mayOpen(user, slice.to)) navigate(slice.to);
          }}
        />
        <div className="fault-list">
          <strong>장애 매체</strong>
          {faults.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="장애 매체가 없습니다." />
          ) : (
            <ul className="fault-items">
              {faults.map((fault) => {
                const name = `${fault.mediaNm}${fault.poiNm ? ` · ${fault.poiNm}` : ''}`;
                const path = screenPath(fault.mediaId);
                return (
                  <li key={fault.mediaId} className="fault-item">
                    <div>
                      {mayOpen(user, path) ? <Link to={path}>{name}</Link> : name}
                      <div className="secondary-text">
                        {fault.lastHeartbeatAt ? `최근 응답 ${formatDateTime(fault.lastHeartbeatAt)}` : '응답 없음'}
                      </div>
                    </div>
                    <CodeTag cdKey="MEDIA_STATUS" value={fault.mediaStatus} colors={MEDIA_STATUS_COLORS} />
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      </div>
    </Panel>
  );
}
