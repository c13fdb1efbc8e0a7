import { Button } from 'antd';
import { ResourceForm } from '../../../components/resource/ResourceForm';
import type { Row } from '../../../components/resource/definition';
import { openPasswordDialog } from '../../../lib/session/passwordDialog';
import { replaceUser, sessionStore } from '../../../lib/session/sessionStore';
import { mypageDefinition } from './definition';

/** The top bar shows the name kept at login: a changed name replaces it at once. */
function keepSessionName(saved: Row) {
  const user = sessionStore.get().user;
  if (user && typeof saved.uName === 'string') replaceUser({ ...user, uName: saved.uName });
}

/** One's own account: details editable, and the password change. */
export default function MyPage() {
  return (
    <ResourceForm
      definition={mypageDefinition}
      onSaved={keepSessionName}
      extraButtons={<Button onClick={openPasswordDialog}>비밀번호 변경</Button>}
    />
  );
}
