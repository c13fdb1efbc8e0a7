import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { DateField } from '../../../components/form/DateField';
import { PeriodField } from '../../../components/form/PeriodField';
import type { Row } from '../../../components/resource/definition';
import { dayOf } from '../../../lib/dates';
import { cueSheetHref, deliveryText, reportExcelHref, useCampaignReport, type ReportLine } from './reportApi';

const count = (value: unknown) => Number(value ?? 0).toLocaleString('ko-KR');

/** The day a cue sheet starts on: today while the campaign runs, else its first day. */
function firstCueDay(row: Row): string {
  const today = dayOf();
  const start = String(row.startDate ?? today);
  const end = String(row.endDate ?? today);
  return today >= start && today <= end ? today : start;
}

/**
 * What a running or ended campaign played: per day and group, plays and seconds against the plays
 * its plans scheduled and the delivery rate, with the sum; the report as Excel and a day's cue sheet.
 */
export function CampaignReport({ row }: { row: Row }) {
  const [period, setPeriod] = useState<[string, string] | null>(null);
  const [cueDay, setCueDay] = useState<string | null>(() => firstCueDay(row));
  const { data, isFetching } = useCampaignReport(row.cmpgId, period);
  const sum = data?.sum;

  return (
    <Card
      size="small"
      title="방송 리포트"
      className="campaign-section campaign-report"
      extra={
        <Button size="small" icon={<DownloadOutlined />} href={reportExcelHref(row.cmpgId)} download>
          엑셀 다운로드
        </Button>
      }
    >
      <Space wrap className="field-toolbar">
        <PeriodField value={period} onChange={setPeriod} />
        <Space.Compact>
          <DateField value={cueDay} onChange={setCueDay} placeholder="큐시트 일자" />
          <Button icon={<DownloadOutlined />} href={cueDay ? cueSheetHref(row.cmpgId, cueDay) : undefined} disabled={!cueDay} download>
            큐시트
          </Button>
        </Space.Compact>
      </Space>
      <Table<ReportLine>
        size="small"
        rowKey={(line) => `${line.date}-${line.mgId}`}
        dataSource={data?.list ?? []}
        loading={isFetching}
        pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
        locale={{ emptyText: '재생 기록이 없습니다.' }}
        columns={[
          { key: 'date', dataIndex: 'date', title: '일자', width: 110 },
          // The group takes what the figures leave, its whole name on hover.
          { key: 'mgNm', dataIndex: 'mgNm', title: '매체 그룹', ellipsis: { showTitle: true } },
          { key: 'plays', dataIndex: 'plays', title: '재생', align: 'right', width: 80, render: count },
          { key: 'seconds', dataIndex: 'seconds', title: '재생 시간(초)', align: 'right', width: 110, render: count },
          { key: 'scheduledPlays', dataIndex: 'scheduledPlays', title: '편성 재생', align: 'right', width: 90, render: count },
          { key: 'delivery', dataIndex: 'delivery', title: '송출률', align: 'right', width: 80, render: deliveryText },
        ]}
        summary={() =>
          sum ? (
            <Table.Summary.Row className="report-sum">
              <Table.Summary.Cell index={0} colSpan={2}>
                <Typography.Text strong>합계</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} align="right">{count(sum.plays)}</Table.Summary.Cell>
              <Table.Summary.Cell index={3} align="right">{count(sum.seconds)}</Table.Summary.Cell>
              <Table.Summary.Cell index={4} align="right">{count(sum.scheduledPlays)}</Table.Summary.Cell>
              <Table.Summary.Cell index={5} align="right">{deliveryText(sum.delivery)}</Table.Summary.Cell>
            </Table.Summary.Row>
          ) : null
        }
      />
    </Card>
  );
}
