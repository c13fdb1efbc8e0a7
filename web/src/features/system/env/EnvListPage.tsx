import { UndoOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import { ResourceList } from '../../../components/resource/ResourceList';
import { notifySuccess } from '../../../lib/notify';
import { usePermissions } from '../../../lib/permission';
import { useRestoreEnvDefaults } from './api';
import { envDefinition } from './definition';

export default function EnvListPage() {
  const can = usePermissions(envDefinition.program);
  const restore = useRestoreEnvDefaults();

  const restoreDefaults = async () => {
    try {
      await restore.mutateAsync();
    } catch {
      return; // the failure was alerted by the client library
    }
    notifySuccess('환경변수를 기본값으로 복원했습니다.');
  };

  const restoreButton = can.update && (
    <Popconfirm
      title="모든 환경변수를 기본값으로 복원하시겠습니까?"
      description="변경한 값은 모두 사라집니다."
      okText="복원"
      cancelText="취소"
      onConfirm={restoreDefaults}
    >
      <Button icon={<UndoOutlined />} loading={restore.isPending}>
        기본값 복원
      </Button>
    </Popconfirm>
  );

  return <ResourceList definition={envDefinition} actions={restoreButton} />;
}
