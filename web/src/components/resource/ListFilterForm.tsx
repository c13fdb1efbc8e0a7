import { Button, Card, Form, Input, Space } from 'antd';
import { useEffect } from 'react';
import { CodeSelect } from '../code/CodeSelect';
import { DateField } from '../form/DateField';
import { MonthField } from '../form/MonthField';
import { PopupField } from '../popup/PopupField';
import { RegionSelect } from '../region/RegionSelect';
import type { FilterDefinition } from './definition';

interface ListFilterFormProps {
  filters: FilterDefinition[];
  values: Record<string, string>;
  onSearch: (values: Record<string, string>) => void;
  /** The form's name, which prefixes its fields' ids: distinct for each filter form on one page. */
  name?: string;
}

function FilterControl({ filter, ...control }: { filter: FilterDefinition; id?: string; value?: string; onChange?: (value: unknown) => void }) {
  if (filter.cdKey) {
    // An empty condition is no choice: the placeholder shows, not an empty option.
    const { id, value, onChange } = control;
    return (
      <CodeSelect
        id={id}
        cdKey={filter.cdKey}
        allowClear
        placeholder="전체"
        style={{ width: 140 }}
        value={value || undefined}
        onChange={(code) => onChange?.(code ?? '')}
      />
    );
  }
  if (filter.kind === 'date') return <DateField emptyValue="" style={{ width: 150 }} {...control} />;
  if (filter.kind === 'month') return <MonthField style={{ width: 130 }} {...control} />;
  if (filter.kind === 'region') return <RegionSelect emptyValue="" {...control} />;
  if (filter.popup) return <PopupField popup={filter.popup} asText placeholder="전체" {...control} />;
  return <Input allowClear style={{ width: 180 }} {...control} />;
}

/** The search conditions above a list (or inside a search popup). */
export function ListFilterForm({ filters, values, onSearch, name = 'filter' }: ListFilterFormProps) {
  const [form] = Form.useForm<Record<string, string | undefined>>();

  // The address is the source of truth: going back or forward shows its conditions.
  useEffect(() => form.setFieldsValue(values), [form, values]);

  const search = (entered: Record<string, string | undefined>) =>
    onSearch(Object.fromEntries(filters.map(({ field }) => [field, String(entered[field] ?? '').trim()])));

  const reset = () => {
    form.resetFields();
    onSearch(Object.fromEntries(filters.map(({ field, defaultValue }) => [field, defaultValue?.() ?? ''])));
  };

  return (
    <Card size="small" className="list-filter">
      <Form form={form} name={name} layout="inline" onFinish={search} initialValues={values}>
        {filters.map((filter) => (
          <Form.Item key={filter.field} name={filter.field} label={filter.label} required={filter.required}>
            <FilterControl filter={filter} />
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
