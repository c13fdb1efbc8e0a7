import { Button, Form, Input, Space } from 'antd';
import { Panel } from './Panel';
import { useEffect, type ReactNode } from 'react';
import { CodeSelect } from '../code/CodeSelect';
import { DateField } from '../form/DateField';
import { MonthField } from '../form/MonthField';
import { RegionSelect } from '../region/RegionSelect';
import type { FilterDefinition } from './listTypes';

/** What Form.Item hands the control of one condition. */
export interface FilterControlProps {
  id?: string;
  value?: string;
  onChange?: (value: unknown) => void;
}

interface FilterFormProps<F extends FilterDefinition> {
  filters: F[];
  values: Record<string, string>;
  onSearch: (values: Record<string, string>) => void;
  /** The form's name, which prefixes its fields' ids: distinct for each filter form on one page. */
  name?: string;
  /** The control of a condition the ones in place do not cover (one chosen in a search popup); null for those. */
  customControl?: (filter: F, control: FilterControlProps) => ReactNode | null;
}

function FilterControl<F extends FilterDefinition>({
  filter,
  customControl,
  ...control
}: FilterControlProps & { filter: F; customControl?: FilterFormProps<F>['customControl'] }) {
  const custom = customControl?.(filter, control);
  if (custom) return custom;
  if (filter.cdKey) {
    // An empty condition is no choice: the placeholder shows, not an empty option.
    const { id, value, onChange } = control;
    return (
      <CodeSelect
        id={id}
        cdKey={filter.cdKey}
        codes={filter.codes}
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
  return <Input allowClear style={{ width: 180 }} {...control} />;
}

/** Search conditions (above a list, inside a search popup): searched on submit, reset to their defaults. */
export function FilterForm<F extends FilterDefinition>({ filters, values, onSearch, name = 'filter', customControl }: FilterFormProps<F>) {
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
    <Panel className="list-filter">
      <Form form={form} name={name} layout="inline" onFinish={search} initialValues={values}>
        {filters.map((filter) => (
          <Form.Item key={filter.field} name={filter.field} label={filter.label} required={filter.required}>
            <FilterControl filter={filter} customControl={customControl} />
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
    </Panel>
  );
}
