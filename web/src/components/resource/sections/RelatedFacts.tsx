import { Descriptions, Spin } from 'antd';
import type { ColumnDefinition, ResourceDefinition, Row } from '../definition';
import { FieldValue } from '../FieldValue';
import { useRelated } from '../relatedApi';

interface RelatedFactsProps {
  definition: ResourceDefinition;
  url: string;
  body: object;
  fields: ColumnDefinition[];
}

/** Facts about the row answered by a call of their own (login details). */
export function RelatedFacts({ definition, url, body, fields }: RelatedFactsProps) {
  const { data, isPending } = useRelated<Row>(definition, url, body);
  if (isPending) return <Spin />;
  const facts = data ?? {};
  return (
    <Descriptions
      bordered
      size="small"
      column={2}
      items={fields.map((field) => ({
        key: field.field,
        label: field.title,
        children: <FieldValue shape={field} value={facts[field.field]} row={facts} />,
      }))}
    />
  );
}
