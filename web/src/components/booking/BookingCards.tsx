import { Card, Form, InputNumber, Space } from 'antd';
import { dayOf } from '../../lib/dates';
import { CodeRadio } from '../code/CodeRadio';
import { PeriodField } from '../form/PeriodField';
import { MAX_SLOT_CNT, type BookingValues } from './booking';
import { PackageSelect, ProductSelect } from './ProductSelects';
import { TargetsField } from './TargetsField';

/**
 * The product, period and slots of a booking and its target groups with their free days: the same
 * two cards in a campaign and in a proposal. `cmpgId` counts the campaign's own holds as free.
 */
export function BookingCards({ values, cmpgId }: { values: BookingValues; cmpgId?: number | null }) {
  return (
    <>
      <Card size="small" title="상품과 기간" className="campaign-section">
        <div className="form-grid">
          <Form.Item name="pkgId" label="패키지" required>
            <PackageSelect />
          </Form.Item>
          <Form.Item name="prdId" label="상품" required>
            <ProductSelect pkgId={values.pkgId} platform={values.platform ?? undefined} />
          </Form.Item>
          <Form.Item name="period" label="기간" required>
            <PeriodField notBefore={dayOf()} />
          </Form.Item>
          <Space align="start" size="large">
            <Form.Item name="slotCnt" label="구좌 수" required>
              <InputNumber min={1} max={MAX_SLOT_CNT} precision={0} />
            </Form.Item>
            <Form.Item name="schdRate" label="편성 비율" required>
              <CodeRadio cdKey="SCHD_RATE" valueType="number" />
            </Form.Item>
          </Space>
        </div>
      </Card>
      <Card size="small" title="대상 매체 그룹" className="campaign-section">
        <Form.Item name="targets" className="wide-item">
          <TargetsField period={values.period} slotCnt={values.slotCnt} schdRate={values.schdRate} cmpgId={cmpgId} />
        </Form.Item>
      </Card>
    </>
  );
}
