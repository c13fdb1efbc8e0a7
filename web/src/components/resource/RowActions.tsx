import { Button, Popconfirm } from 'antd';
import { useState } from 'react';
import { notifySuccess } from '../../lib/notify';
import { AskPrompt } from './AskPrompt';
import type { ResourceDefinition, Row, RowAction } from './definition';
import { useResourcePermissions } from './permissions';
import { PasswordPrompt } from './PasswordPrompt';
import { useRowCall } from './relatedApi';

interface RowActionsProps {
  definition: ResourceDefinition;
  row: Row;
  /** Told after a call succeeded, with its answer (a screen following the row elsewhere). */
  onDone?: (action: RowAction, answer: unknown) => void;
  /** Told after a call failed, which the client library has alerted (to show what the refusal carries). */
  onFailed?: (action: RowAction, error: unknown) => void;
}

/** The view screen's buttons calling the server about the row, each shown only with its permission. */
export function RowActions({ definition, row, onDone, onFailed }: RowActionsProps) {
  const can = useResourcePermissions(definition);
  const call = useRowCall(definition);
  const [asking, setAsking] = useState<RowAction | null>(null);
  const [running, setRunning] = useState<string | null>(null);

  const run = async (action: RowAction, answers: Row = {}) => {
    setRunning(action.key);
    try {
      const answer = await call.mutateAsync({ url: action.url, body: action.body(row, answers) });
      setAsking(null);
      notifySuccess(action.doneMessage);
      onDone?.(action, answer);
    } catch (error) {
      // the failure was alerted by the client library
      onFailed?.(action, error);
    } finally {
      setRunning(null);
    }
  };

  const shown = (definition.actions ?? []).filter((action) => can[action.permission] && (action.shownWhen?.(row) ?? true));
  const asksFirst = (action: RowAction) => !!action.asksPassword || !!action.asks;

  return (
    <>
      {shown.map((action) => {
        const button = (
          <Button
            key={action.key}
            danger={action.danger}
            loading={running === action.key}
            onClick={asksFirst(action) ? () => setAsking(action) : action.confirm ? undefined : () => void run(action)}
          >
            {action.label}
          </Button>
        );
        return action.confirm && !asksFirst(action) ? (
          <Popconfirm key={action.key} title={action.confirm} okText="확인" cancelText="취소" onConfirm={() => run(action)}>
            {button}
          </Popconfirm>
        ) : (
          button
        );
      })}
      <PasswordPrompt
        open={asking?.asksPassword !== undefined}
        title={asking?.asksPassword ? asking.label : ''}
        accountId={asking?.asksPassword ? String(row[asking.asksPassword.accountIdField] ?? '') : ''}
        saving={running !== null}
        onSubmit={(password) => asking && void run(asking, { password })}
        onCancel={() => setAsking(null)}
      />
      {shown
        .filter((action) => action.asks)
        .map((action) => (
          <AskPrompt
            key={action.key}
            open={asking?.key === action.key}
            title={action.label}
            fields={action.asks ?? []}
            row={row}
            saving={running === action.key}
            onSubmit={(answers) => void run(action, answers)}
            onCancel={() => setAsking(null)}
          />
        ))}
    </>
  );
}
