import { Modal, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { FieldValue } from '../resource/FieldValue';
import { ListFilterForm } from '../resource/ListFilterForm';
import type { Row } from '../resource/definition';
import { POPUP_PAGE_SIZE, type PopupDefinition } from './definition';
import { usePopupList } from './popupApi';

interface SearchPopupProps {
  definition: PopupDefinition;
  open: boolean;
  onClose: () => void;
  onPick: (row: Row) => void;
}

const emptyFilters = (definition: PopupDefinition) =>
  Object.fromEntries(definition.filters.map(({ field }) => [field, '']));

/** A search popup: conditions, the matching rows, and a click on a row picks it. */
export function SearchPopup({ definition, open, onClose, onPick }: SearchPopupProps) {
  const [filters, setFilters] = useState<Record<string, string>>(() => emptyFilters(definition));
  const [page, setPage] = useState(1);
  const { data, isFetching } = usePopupList(definition, filters, page, open);

  const columns: TableColumnsType<Row> = definition.columns.map((column) => ({
    key: column.field,
    dataIndex: column.field,
    title: column.title,
    width: column.width,
    ellipsis: column.ellipsis,
    render: (value: unknown, row: Row) =>
      column.render ? column.render(value, row) : <FieldValue shape={column} value={value} />,
  }));

  return (
    <Modal
      title={`${definition.title} 검색`}
      open={open}
      onCancel={onClose}
      footer={null}
      width={760}
      destroyOnHidden
      className="search-popup"
    >
      {definition.filters.length > 0 && (
        <ListFilterForm
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
        rowKey={(row) => String(row[definition.valueField])}
        columns={columns}
        dataSource={data?.list ?? []}
        loading={isFetching}
        pagination={
          definition.paged
            ? { current: page, pageSize: POPUP_PAGE_SIZE, total: data?.totalCount ?? 0, showSizeChanger: false, onChange: setPage }
            : { pageSize: POPUP_PAGE_SIZE, showSizeChanger: false }
        }
        onRow={(row) => ({
          onClick: () => {
            onPick(row);
            onClose();
          },
          className: 'clickable-row',
        })}
      />
    </Modal>
  );
}
