import { Button, Modal, Table } from 'antd';
import { useState } from 'react';
import { FilterForm } from '../common/FilterForm';
import type { Row } from '../common/listTypes';
import { tableMinWidth, toTableColumns } from '../resource/tableColumns';
import { POPUP_PAGE_SIZE, type PopupDefinition } from './definition';
import { usePopupAllowed, usePopupList } from './popupApi';

interface SearchPopupProps {
  definition: PopupDefinition;
  open: boolean;
  onClose: () => void;
  /** Conditions of the place the popup opens from (the site whose groups are offered). */
  conditions?: object;
  /** One row: a click picks it and closes the popup. */
  onPick?: (row: Row) => void;
  /** Several rows: ticked across pages and searches, then handed over together. */
  onPickMany?: (rows: Row[]) => void;
}

const emptyFilters = (definition: PopupDefinition) =>
  Object.fromEntries(definition.filters.map(({ field }) => [field, '']));

/** A search popup: conditions, the matching rows, and a click on a row picks it (or ticks it, picking several). */
export function SearchPopup({ definition, open, onClose, conditions, onPick, onPickMany }: SearchPopupProps) {
  const [filters, setFilters] = useState<Record<string, string>>(() => emptyFilters(definition));
  const [page, setPage] = useState(1);
  const [ticked, setTicked] = useState<Row[]>([]);
  // Never asked for a user who may not search there, whoever opens it.
  const allowed = usePopupAllowed(definition);
  const { data, isFetching } = usePopupList(definition, filters, page, open && allowed, conditions);
  const many = onPickMany !== undefined;
  const keyOf = (row: Row) => String(row[definition.valueField]);

  const columns = toTableColumns(definition.columns);

  const toggle = (row: Row) =>
    setTicked((current) => (current.some((other) => keyOf(other) === keyOf(row)) ? current.filter((other) => keyOf(other) !== keyOf(row)) : [...current, row]));

  const click = (row: Row) => {
    if (many) return toggle(row);
    onPick?.(row);
    onClose();
  };

  const finish = () => {
    onPickMany?.(ticked);
    onClose();
  };

  return (
    <Modal
      title={`${definition.title} 검색`}
      open={open}
      onCancel={onClose}
      afterClose={() => setTicked([])}
      footer={
        many ? (
          <Button type="primary" disabled={ticked.length === 0} onClick={finish}>
            {ticked.length}건 선택
          </Button>
        ) : null
      }
      width={760}
      destroyOnHidden
      className="search-popup"
    >
      {definition.filters.length > 0 && (
        <FilterForm
          name={`popup_${definition.valueField}`}
          filters={definition.filters}
          values={filters}
          onSearch={(next) => {
            setFilters(next);
            setPage(1);
          }}
        />
      )}
      <Table<Row>
        size="small"
        rowKey={keyOf}
        columns={columns}
        tableLayout="fixed"
        scroll={{ x: tableMinWidth(definition.columns, many) }}
        dataSource={data?.list ?? []}
        loading={isFetching}
        pagination={
          definition.paged
            ? { current: page, pageSize: POPUP_PAGE_SIZE, total: data?.totalCount ?? 0, showSizeChanger: false, onChange: setPage }
            : { pageSize: POPUP_PAGE_SIZE, showSizeChanger: false }
        }
        rowSelection={
          many
            ? {
                selectedRowKeys: ticked.map(keyOf),
                preserveSelectedRowKeys: true,
                onSelect: (row) => toggle(row),
                onSelectAll: (selected, _rows, changed) =>
                  setTicked((current) =>
                    selected
                      ? [...current, ...changed.filter((row) => !current.some((other) => keyOf(other) === keyOf(row)))]
                      : current.filter((other) => !changed.some((row) => keyOf(row) === keyOf(other))),
                  ),
              }
            : undefined
        }
        onRow={(row) => ({
          onClick: (event) => {
            // The checkbox ticks by itself.
            if ((event.target as HTMLElement).closest('.ant-table-selection-column')) return;
            click(row);
          },
          className: 'clickable-row',
        })}
      />
    </Modal>
  );
}
