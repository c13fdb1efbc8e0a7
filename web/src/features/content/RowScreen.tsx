import { Button, Result, Spin, Typography, type DescriptionsProps } from 'antd';
import { useEffect, useState, type ComponentType } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { ResourceDefinition, Row } from '../../components/resource/definition';
import { useResourceDetail } from '../../components/resource/resourceApi';
import { ResourceView } from '../../components/resource/ResourceView';
import { useDeleteRow } from '../../components/resource/useDeleteRow';

/** What a form of the screen is handed: the row it modifies (null to register) and what to do after. */
export interface RowEditorProps {
  row: Row | null;
  onSaved: (saved: Row) => void;
  onCancel: () => void;
}

interface RowScreenProps {
  definition: ResourceDefinition;
  /** The row's facts when read. */
  describe: (row: Row) => NonNullable<DescriptionsProps['items']>;
  /** The form registering or modifying a row, where the generic one cannot ask what the row needs. */
  Editor: ComponentType<RowEditorProps>;
}

/**
 * The view, register and modify screen (`{routeBase}/view?{idField}=`) of a resource on the generic
 * list whose form is its own: the row read with the definition's actions, delete and modify buttons
 * as the permissions allow, and the form in place to register or modify.
 */
export function RowScreen({ definition, describe, Editor }: RowScreenProps) {
  const { idField, routeBase, title } = definition;
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const id = searchParams.get(idField) || null;
  const [editing, setEditing] = useState(false);
  const detail = useResourceDetail(definition, id);
  const { deleteRow, deleting } = useDeleteRow(definition);
  const listPath = `${routeBase}/list`;

  useEffect(() => setEditing(false), [id]);

  const saved = (row: Row) => {
    setEditing(false);
    navigate(`${routeBase}/view?${new URLSearchParams({ [idField]: String(row[idField] ?? id ?? '') })}`, { replace: true });
  };

  if (id !== null && detail.isPending) return <Spin />;
  if (id !== null && !detail.data) {
    return <Result status="404" title="자료를 찾을 수 없습니다." extra={<Button onClick={() => navigate(listPath)}>목록</Button>} />;
  }

  const mode = id === null ? '등록' : editing ? '수정' : '상세';
  const row = detail.data ?? null;

  return (
    <div className="resource-form">
      <Typography.Title level={4}>{`${title} ${mode}`}</Typography.Title>
      {row && !editing ? (
        <ResourceView
          definition={definition}
          row={row}
          describe={describe}
          onList={() => navigate(listPath)}
          onModify={() => setEditing(true)}
          onDelete={() => deleteRow(row)}
          deleting={deleting}
        />
      ) : (
        <Editor key={`${mode}-${id ?? ''}`} row={row} onSaved={saved} onCancel={() => (row ? setEditing(false) : navigate(listPath))} />
      )}
    </div>
  );
}
