import { Button, Card, Form, Input, Space } from 'antd';
import { useEffect } from 'react';
import { CodeSelect } from '../code/CodeSelect';
import type { FilterDefinition } from './definition';

interface ListFilterFormProps {
  filters: FilterDefinition[];
  values: Record<string, string>;
  onSearch: (values: Record<string, string>) => void;
}

/** The search conditions above a list. */
export function ListFilterForm({ filters, values, onSearch }: ListFilterFormProps) {
  const [form] = Form.useForm<Record<string, string | undefined>>();

  // The address is the source of truth: going back or forward shows its conditions.
  useEffect(() => form.setFieldsValue(values), [form, values]);

  const search = (entered: Record<string, string | undefined>) =>
    onSearch(Object.fromEntries(filters.map(({ field }) => [field, (entered[field] ?? '').trim()])));

  const reset = () => {
    form.resetFields();
    onSearch(Object.fromEntries(filters.map(({ field }) => [field, ''])));
  };

  return (
    <Card size="small" className="list-filter">
      <Form form={form} name="filter" layout="inline" onFinish={search} initialValues={values}>
        {filters.map((filter) => (
          <Form.Item key={filter.field} name={filter.field} label={filter.label}>
            {filter.cdKey ? (
              <CodeSelect cdKey={filter.cdKey} allowClear placeholder="전체" style={{ width: 140 }} />
            ) : (
              <Input allowClear style={{ width: 180 }} />
            )}
          </Form.Item>
        ))}
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              검색
            </Button>
            <Button onClick={reset}>초기화</Button>
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}
