import { Button, Popconfirm } from 'antd';
import { useState } from 'react';
import { notifySuccess } from '../../lib/notify';
import { usePermissions } from '../../lib/permission';
import type { ResourceDefinition, Row, RowAction } from './definition';
import { PasswordPrompt } from './PasswordPrompt';
import { useRowCall } from './relatedApi';

/** The view screen's buttons calling the server about the row, each shown only with its permission. */
export function RowActions({ definition, row }: { definition: ResourceDefinition; row: Row }) {
  const can = usePermissions(definition.program);
  const call = useRowCall(definition);
  const [asking, setAsking] = useState<RowAction | null>(null);
  const [running, setRunning] = useState<string | null>(null);

  const run = async (action: RowAction, password?: string) => {
    setRunning(action.key);
    try {
      await call.mutateAsync({ url: action.url, body: action.body(row, password) });
      setAsking(null);
      notifySuccess(action.doneMessage);
    } catch {
      // the failure was alerted by the client library
    } finally {
      setRunning(null);
    }
  };

  const shown = (definition.actions ?? []).filter((action) => can[action.permission] && (action.shownWhen?.(row) ?? true));

  return (
    <>
      {shown.map((action) => {
        const button = (
          <Button
            key={action.key}
            danger={action.danger}
            loading={running === action.key}
            onClick={action.asksPassword ? () => setAsking(action) : action.confirm ? undefined : () => void run(action)}
          >
            {action.label}
          </Button>
        );
        return action.confirm && !action.asksPassword ? (
          <Popconfirm key={action.key} title={action.confirm} okText="확인" cancelText="취소" onConfirm={() => run(action)}>
            {button}
          </Popconfirm>
        ) : (
          button
        );
      })}
      <PasswordPrompt
        open={asking !== null}
        title={asking?.label ?? ''}
        accountId={asking?.asksPassword ? String(row[asking.asksPassword.accountIdField] ?? '') : ''}
        saving={running !== null}
        onSubmit={(password) => asking && void run(asking, password)}
        onCancel={() => setAsking(null)}
      />
    </>
  );
}
