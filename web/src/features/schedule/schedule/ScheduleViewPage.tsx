import { HistoryOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Empty, Form, Popconfirm, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { CodeLabel } from '../../../components/code/CodeLabel';
import { VersionText } from '../../../components/common/VersionText';
import { DateField } from '../../../components/form/DateField';
import { PopupField } from '../../../components/popup/PopupField';
import { SearchPopup } from '../../../components/popup/SearchPopup';
import { contentMaterialPopup } from '../../../components/searchPopups/contentMaterialPopup';
import { materialPopup } from '../../../components/searchPopups/materialPopup';
import { mediaGroupPopup } from '../../../components/searchPopups/mediaGroupPopup';
import { dayOf, formatDateTime } from '../../../lib/dates';
import { SLOT_TYPE } from '../../../lib/loopItem';
import { notifySuccess } from '../../../lib/notify';
import { usePermissions } from '../../../lib/permission';
import { useDailyLoop, useModifySlot, useRegenerateDay } from '../api';
import { execLogPopup } from '../execLogPopup';
import { loopLength, type DailyLoop, type LoopItem } from '../loop';
import { LoopTimeline } from './LoopTimeline';
import './schedule.css';

/** The materials a slot may play instead: the group's template, ad materials for ads, house materials of the slot's type otherwise. */
function replacementPopup(item: LoopItem, day: DailyLoop) {
  const template = day.templateType === null || day.templateType === undefined ? {} : { templateType: day.templateType };
  return item.slotType === SLOT_TYPE.ad
    ? { popup: materialPopup, conditions: template }
    : { popup: contentMaterialPopup, conditions: { ...template, slotType: item.slotType } };
}

function LoopLength({ day }: { day: DailyLoop }) {
  const even = loopLength(day.loop, 'even');
  const odd = loopLength(day.loop, 'odd');
  return (
    <>
      {day.loopSec.toLocaleString('ko-KR')}초{even !== odd && <span className="secondary-text"> (짝수 루프 {even}초 / 홀수 루프 {odd}초)</span>}
    </>
  );
}

/** The day's facts, the regenerate button and the loop, each slot replaceable by who may change schedules. */
function DayPanel({ day, mayChange }: { day: DailyLoop; mayChange: boolean }) {
  const modify = useModifySlot();
  const regenerate = useRegenerateDay();
  const [replacing, setReplacing] = useState<LoopItem | null>(null);
  const choice = replacing ? replacementPopup(replacing, day) : null;

  const replace = async (matId: unknown) => {
    if (!replacing) return;
    try {
      await modify.mutateAsync({ mgId: day.mgId, date: day.date, seq: replacing.seq, matId: Number(matId) });
    } catch {
      return; // the failure was alerted by the client library
    }
    notifySuccess(`${replacing.seq}번 슬롯의 소재를 바꿨습니다.`);
  };

  const regenerateDay = async () => {
    try {
      await regenerate.mutateAsync({ mgId: day.mgId, date: day.date });
    } catch {
      return;
    }
    notifySuccess('편성을 다시 만들었습니다.');
  };

  return (
    <Card
      size="small"
      title={`${day.mgNm ?? `그룹 ${day.mgId}`} · ${day.date}`}
      extra={
        mayChange && (
          <Popconfirm
            title="이 날의 편성을 다시 만드시겠습니까? 수동 변경은 사라집니다."
            okText="재생성"
            cancelText="취소"
            onConfirm={regenerateDay}
          >
            <Button icon={<ReloadOutlined />} loading={regenerate.isPending}>
              재생성
            </Button>
          </Popconfirm>
        )
      }
    >
      <Descriptions
        size="small"
        bordered
        column={3}
        className="loop-facts"
        items={[
          { key: 'version', label: '버전', children: <VersionText version={day.version} /> },
          { key: 'loopSec', label: '루프 길이', children: <LoopLength day={day} /> },
          { key: 'items', label: '항목 수', children: `${day.loop.length}개` },
          { key: 'templateType', label: '템플릿', children: <CodeLabel cdKey="TEMPLATE_TYPE" value={day.templateType} /> },
          { key: 'generatedAt', label: '생성일시', span: 2, children: formatDateTime(day.generatedAt ?? null) },
        ]}
      />
      <Spin spinning={modify.isPending}>
        <LoopTimeline loop={day.loop} onReplace={mayChange ? setReplacing : undefined} />
      </Spin>
      {choice && (
        <SearchPopup
          key={replacing?.seq}
          definition={choice.popup}
          conditions={choice.conditions}
          open={replacing !== null}
          onClose={() => setReplacing(null)}
          onPick={(row) => void replace(row.matId)}
        />
      )}
    </Card>
  );
}

/**
 * The loop of a media group on a day (`?mgId=&date=`, today by default): a timeline of its slots, a
 * slot's material replaced for that day, the day regenerated, and the generations' execution log.
 */
export default function ScheduleViewPage() {
  const [params, setParams] = useSearchParams();
  const mgId = params.get('mgId') ? Number(params.get('mgId')) : null;
  const date = params.get('date') || dayOf();
  const can = usePermissions('schedule.schedule');
  const day = useDailyLoop(mgId, date);
  const [logOpen, setLogOpen] = useState(false);

  const choose = (next: { mgId?: unknown; date?: string | null }) => {
    const chosen = new URLSearchParams();
    const group = 'mgId' in next ? next.mgId : mgId;
    if (group !== null && group !== undefined && group !== '') chosen.set('mgId', String(group));
    chosen.set('date', ('date' in next ? next.date : date) || dayOf());
    setParams(chosen);
  };

  return (
    <div className="schedule-view">
      <Typography.Title level={4}>편성표</Typography.Title>
      <Card size="small" className="list-filter">
        <Form layout="inline" name="schedule_day">
          <Form.Item label="매체 그룹" htmlFor="schedule_mgId">
            <PopupField id="schedule_mgId" popup={mediaGroupPopup} value={mgId} onChange={(picked) => choose({ mgId: picked })} />
          </Form.Item>
          <Form.Item label="일자" htmlFor="schedule_date">
            <DateField id="schedule_date" value={date} onChange={(picked) => choose({ date: picked })} />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button icon={<HistoryOutlined />} onClick={() => setLogOpen(true)}>
                실행 로그
              </Button>
            </Space>
          </Form.Item>
        </Form>
      </Card>
      {mgId === null ? (
        <Empty description="매체 그룹을 선택해 주세요." />
      ) : day.isPending ? (
        <Spin />
      ) : day.data ? (
        <DayPanel day={day.data} mayChange={can.update} />
      ) : (
        <Empty description="편성을 불러오지 못했습니다." />
      )}
      <SearchPopup
        definition={execLogPopup}
        conditions={mgId === null ? undefined : { mgId }}
        open={logOpen}
        onClose={() => setLogOpen(false)}
        onPick={() => undefined}
      />
    </div>
  );
}
