import { Button, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { MonthField } from '../../../components/form/MonthField';
import { lastFinishedMonth } from '../months';

interface CloseMonthControlProps {
  closing: boolean;
  onClose: (month: string) => void;
}

/** Closes a month chosen by hand, listed or not (a month in which nothing played still fixes its rates). */
export function CloseMonthControl({ closing, onClose }: CloseMonthControlProps) {
  const [month, setMonth] = useState(lastFinishedMonth);
  return (
    <Space.Compact>
      <MonthField id="closeMonth" value={month} onChange={setMonth} style={{ width: 130 }} />
      <Popconfirm
        title={`${month}을(를) 마감하시겠습니까?`}
        okText="마감"
        cancelText="취소"
        onConfirm={() => onClose(month)}
        disabled={month === ''}
      >
        <Button type="primary" loading={closing} disabled={month === ''}>
          월 마감 실행
        </Button>
      </Popconfirm>
    </Space.Compact>
  );
}
