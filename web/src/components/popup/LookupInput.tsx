import { SearchOutlined } from '@ant-design/icons';
import { Button, Form, Input, Space } from 'antd';
import { useState, type ChangeEvent } from 'react';
import type { Row } from '../common/listTypes';
import type { PopupDefinition } from './definition';
import { usePopupAllowed } from './popupApi';
import { SearchPopup } from './SearchPopup';

interface LookupInputProps {
  popup: PopupDefinition;
  /** Form field -> field of the picked row. */
  fills: Record<string, string>;
  id?: string;
  value?: string;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  maxLength?: number;
  placeholder?: string;
  disabled?: boolean;
}

/**
 * A text input that may be typed, or filled (with the fields beside it) from a row picked in a search
 * popup by users who may search there.
 */
export function LookupInput({ popup, fills, disabled, ...input }: LookupInputProps) {
  const form = Form.useFormInstance();
  const [open, setOpen] = useState(false);
  const allowed = usePopupAllowed(popup);
  const pick = (row: Row) => {
    form.setFieldsValue(Object.fromEntries(Object.entries(fills).map(([field, from]) => [field, row[from]])));
    void form.validateFields(Object.keys(fills));
  };
  return (
    <>
      <Space.Compact className="lookup-input">
        <Input disabled={disabled} {...input} />
        {allowed && (
          <Button icon={<SearchOutlined />} disabled={disabled} onClick={() => setOpen(true)}>
            찾기
          </Button>
        )}
      </Space.Compact>
      <SearchPopup definition={popup} open={open} onClose={() => setOpen(false)} onPick={pick} />
    </>
  );
}
