import { Button } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { notifySuccess } from '../../../lib/notify';
import { usePermissions } from '../../../lib/permission';
import { AskPrompt } from '../AskPrompt';
import type { ListAction, ResourceDefinition, Row } from '../definition';
import { useRowCall } from '../relatedApi';

interface ListActionsProps {
  definition: ResourceDefinition;
  selected: Row[];
  /** Told after an action on the selection succeeded, to clear it. */
  onDone: () => void;
}

/** The toolbar buttons of a list's actions the user may use, asking first what they need. */
export function ListActions({ definition, selected, onDone }: ListActionsProps) {
  const can = usePermissions(definition.program);
  const call = useRowCall(definition);
  const navigate = useNavigate();
  const [asking, setAsking] = useState<ListAction | null>(null);
  const [running, setRunning] = useState<string | null>(null);
  const shown = (definition.listActions ?? []).filter((action) => can[action.permission]);

  const run = async (action: ListAction, answers: Row) => {
    setRunning(action.key);
    try {
      const answer = (await call.mutateAsync({ url: action.url, body: action.body(answers, selected) })) as Row | null;
      setAsking(null);
      notifySuccess(action.doneMessage);
      if (action.onSelection) onDone();
      if (action.openPath) navigate(action.openPath(answer ?? {}));
    } catch {
      // the failure was alerted by the client library
    } finally {
      setRunning(null);
    }
  };

  return (
    <>
      {shown.map((action) => (
        <Button
          key={action.key}
          loading={running === action.key}
          disabled={action.onSelection && selected.length === 0}
          onClick={() => (action.asks ? setAsking(action) : void run(action, {}))}
        >
          {action.onSelection && selected.length > 0 ? `${action.label} (${selected.length})` : action.label}
        </Button>
      ))}
      {shown
        .filter((action) => action.asks)
        .map((action) => (
          <AskPrompt
            key={action.key}
            open={asking?.key === action.key}
            title={action.onSelection ? `${action.label} (${selected.length}건)` : action.label}
            fields={action.asks ?? []}
            saving={running === action.key}
            onSubmit={(answers) => void run(action, answers)}
            onCancel={() => setAsking(null)}
          />
        ))}
    </>
  );
}
