import { Button, Space } from 'antd';
import type { ReactNode } from 'react';
import { usePermissions } from '../../lib/permission';

interface FormActionsProps {
  /** Going back, on the left: no button without it. */
  onBack?: () => void;
  /** The back button's label: 취소 leaving a form, 목록 returning to the list. */
  backLabel?: string;
  /** More buttons beside the one going back. */
  beside?: ReactNode;
  /** The program whose right decides whether the user may store (with `right`); any user may without it. */
  program?: string;
  /** The right storing needs: write to register, update to modify. */
  right?: 'write' | 'update';
  /** What else decides it, where the screen knows more than the program's right (the server's allowed actions). */
  allowed?: boolean;
  /** The primary button's label when the bar has no buttons of its own. */
  saveLabel?: ReactNode;
  /** Called by the primary button; without it the button submits the form it sits in. */
  onSave?: () => void;
  saving?: boolean;
  /** The buttons on the right, instead of the primary one; shown, as it is, only to users who may store. */
  children?: ReactNode;
}

/**
 * The bar under a form or a row: going back on the left, storing on the right for the users whose
 * rights allow it. The back button stays usable in a form the user may not change.
 */
export function FormActions({
  onBack,
  backLabel = '취소',
  beside,
  program,
  right = 'write',
  allowed = true,
  saveLabel = '저장',
  onSave,
  saving,
  children,
}: FormActionsProps) {
  const granted = usePermissions(program ?? '');
  const mayStore = allowed && (program === undefined || granted[right]);
  const back = onBack && (
    <Button disabled={false} onClick={onBack}>
      {backLabel}
    </Button>
  );
  const store =
    mayStore &&
    (children ? (
      <Space wrap>{children}</Space>
    ) : (
      <Button type="primary" htmlType={onSave ? 'button' : 'submit'} onClick={onSave} loading={saving}>
        {saveLabel}
      </Button>
    ));
  if (!back && !beside && !store) return null;
  return (
    <div className="form-actions">
      {beside ? (
        <Space>
          {back}
          {beside}
        </Space>
      ) : (
        (back ?? <span />)
      )}
      {store}
    </div>
  );
}
