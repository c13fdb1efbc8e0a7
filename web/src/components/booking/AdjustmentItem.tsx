import { Form, InputNumber, Space } from 'antd';
import { CodeSelect } from '../code/CodeSelect';

/**
 * The extra discount or surcharge of a booking: its unit (won or percent) and its value, negative
 * for a discount. `precision` is the decimals the value keeps.
 */
export function AdjustmentItem({ precision }: { precision: number }) {
  return (
    <Form.Item label="추가 할인/할증" extra="음수는 할인, 양수는 할증입니다.">
      <Space.Compact>
        <Form.Item name="extraType" noStyle>
          <CodeSelect cdKey="EXTRA_TYPE" aria-label="할인/할증 단위" style={{ width: 90 }} />
        </Form.Item>
        <Form.Item name="extraValue" noStyle>
          <InputNumber aria-label="할인/할증 값" precision={precision} style={{ width: 180 }} placeholder="0" />
        </Form.Item>
      </Space.Compact>
    </Form.Item>
  );
}
