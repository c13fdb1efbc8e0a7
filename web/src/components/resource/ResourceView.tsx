import { Button, Descriptions, Popconfirm, type DescriptionsProps } from 'antd';
import type { ReactNode } from 'react';
import { useSessionUser } from '../../lib/session/sessionStore';
import { FormActions } from '../form/FormActions';
import type { ResourceDefinition, Row } from './definition';
import { FieldValue } from './FieldValue';
import { useResourcePermissions } from './permissions';
import { RowActions } from './RowActions';
import { DetailSections } from './sections/DetailSections';

interface ResourceViewProps {
  definition: ResourceDefinition;
  row: Row;
  /** The list the 목록 button returns to; no button without it. */
  onList?: () => void;
  onModify: () => void;
  /** Deleting the row; no button without it. */
  onDelete?: () => void;
  deleting: boolean;
  extraButtons?: ReactNode;
  /** The row's facts as they read, where its form's fields do not tell them well; its fields without it. */
  describe?: (row: Row) => NonNullable<DescriptionsProps['items']>;
}

/** The reading side of a row: its fields, the buttons the user may use, and its related sections. */
export function ResourceView({ definition, row, onList, onModify, onDelete, deleting, extraButtons, describe }: ResourceViewProps) {
  const can = useResourcePermissions(definition);
  const roleCd = useSessionUser()?.roleCd;
  const mayChange = !definition.readOnly && !definition.lockedWhen?.(row, roleCd);
  const fields = definition.fields.filter(
    (field) => field.kind !== 'password' && !field.registerOnly && !field.formOnly && (field.shownWhen?.(row) ?? true),
  );
  return (
    <>
      <Descriptions
        bordered
        column={2}
        items={
          describe?.(row) ??
          fields.map((field) => ({
            key: field.field,
            label: field.label,
            span: field.wide ? 2 : 1,
            children: <FieldValue shape={field} value={row[field.field]} row={row} />,
          }))
        }
      />
      <FormActions onBack={onList} backLabel="목록">
        {extraButtons}
        <RowActions definition={definition} row={row} />
        {mayChange && onDelete && can.delete && (
          <Popconfirm title="삭제하시겠습니까?" okText="삭제" cancelText="취소" onConfirm={onDelete}>
            <Button danger loading={deleting}>
              삭제
            </Button>
          </Popconfirm>
        )}
        {mayChange && can.update && (
          <Button type="primary" onClick={onModify}>
            수정
          </Button>
        )}
      </FormActions>
      <DetailSections definition={definition} row={row} />
    </>
  );
}
