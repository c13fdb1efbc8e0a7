import { Button, Result, Spin, Typography } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { ResourceDefinition, Row } from './definition';
import { useResourcePermissions } from './permissions';
import { OWN_ROW, useResourceDetail } from './resourceApi';
import { ResourceEditor } from './ResourceEditor';
import { ResourceView } from './ResourceView';
import { useDeleteRow } from './useDeleteRow';

type Mode = 'register' | 'view' | 'modify';

const MODE_TITLES: Record<Mode, string> = { register: '등록', view: '상세', modify: '수정' };

/** A form placed inside another screen (the menu tree) instead of at an address of its own. */
export interface EmbeddedPlacement {
  /** The row shown, or null to register one. */
  id: string | null;
  /** Values a new row starts with besides the defaults (the parent of a new sub-item). */
  newRow?: Row;
  onSaved: (id: string) => void;
  /** Registering was cancelled. */
  onCancel: () => void;
}

interface ResourceFormProps {
  definition: ResourceDefinition;
  /** For definitions with a separate write screen: which of the two this is. */
  screen?: 'view' | 'write';
  embedded?: EmbeddedPlacement;
  /** Told after every successful save, with the row as sent and answered. */
  onSaved?: (saved: Row) => void;
  /** More buttons beside modify on the view screen. */
  extraButtons?: ReactNode;
}

/**
 * The view, register and modify screen of a resource, at `{routeBase}/view?{idField}=`: without an id
 * it registers a new row. A definition with a separate write screen reads at `view` and edits at
 * `write`; a singleton shows the caller's own row; an embedded form lives inside another screen.
 */
export function ResourceForm({ definition, screen, embedded, onSaved, extraButtons }: ResourceFormProps) {
  const { idField, routeBase, title } = definition;
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const id = definition.singleton ? OWN_ROW : embedded ? embedded.id : searchParams.get(idField) || null;
  const [editing, setEditing] = useState(false);
  const mode: Mode = id === null ? 'register' : editing || screen === 'write' ? 'modify' : 'view';
  const can = useResourcePermissions(definition);
  const detail = useResourceDetail(definition, id);
  const { deleteRow, deleting } = useDeleteRow(definition);

  const listPath = `${routeBase}/list`;
  const viewPath = (rowId: string) => `${routeBase}/view?${new URLSearchParams({ [idField]: rowId })}`;
  const writePath = (rowId: string) => `${routeBase}/write?${new URLSearchParams({ [idField]: rowId })}`;
  const standalone = !embedded && !definition.singleton;

  useEffect(() => setEditing(false), [id]);

  const saved = (row: Row) => {
    setEditing(false);
    onSaved?.(row);
    const savedId = String(row[idField] ?? id ?? '');
    if (embedded) embedded.onSaved(savedId);
    else if (standalone) navigate(viewPath(savedId), { replace: true });
  };

  const cancel = () => {
    if (mode === 'register') {
      if (embedded) embedded.onCancel();
      else navigate(listPath);
    } else if (screen === 'write') {
      navigate(viewPath(id ?? ''));
    } else {
      setEditing(false);
    }
  };

  const heading = <Typography.Title level={4}>{definition.singleton ? title : `${title} ${MODE_TITLES[mode]}`}</Typography.Title>;

  if (id !== null && detail.isPending) return <Spin />;
  if (id !== null && !detail.data) {
    return (
      <Result
        status="404"
        title="자료를 찾을 수 없습니다."
        extra={standalone && <Button onClick={() => navigate(listPath)}>목록</Button>}
      />
    );
  }

  return (
    <div className="resource-form">
      {heading}
      {mode === 'view' ? (
        <ResourceView
          definition={definition}
          row={detail.data ?? {}}
          onList={standalone ? () => navigate(listPath) : undefined}
          onModify={() => (screen === 'view' ? navigate(writePath(id ?? '')) : setEditing(true))}
          onDelete={standalone ? () => deleteRow(detail.data) : undefined}
          deleting={deleting}
          extraButtons={extraButtons}
        />
      ) : (
        <ResourceEditor
          key={`${mode}-${id ?? ''}`}
          definition={definition}
          mode={mode}
          row={mode === 'modify' ? (detail.data ?? null) : null}
          newRow={embedded?.newRow}
          mayStore={mode === 'register' ? can.write : can.update}
          onSaved={saved}
          onCancel={cancel}
        />
      )}
    </div>
  );
}
