import { Button, Form, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CodeSelect } from '../../../components/code/CodeSelect';
import { PermissionMatrix } from '../../../components/permission/PermissionMatrix';
import { notifySuccess } from '../../../lib/notify';
import { usePermissions } from '../../../lib/permission';
import { useRolePermissions, useSaveRolePermissions } from './api';

const sameCodes = (a: string[], b: string[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** Permissions by role: the default permission set of each role, edited on the program × kind matrix. */
export default function AuthRolePage() {
  const can = usePermissions('system.authrole');
  const [searchParams, setSearchParams] = useSearchParams();
  const roleParam = searchParams.get('roleCd');
  const roleCd = roleParam ? Number(roleParam) : null;
  const { data, isFetching } = useRolePermissions(roleCd);
  const save = useSaveRolePermissions();
  const [codes, setCodes] = useState<string[]>([]);

  useEffect(() => setCodes(data?.permCodes ?? []), [data]);
  const changed = data !== undefined && !sameCodes(codes, data.permCodes);

  const store = async () => {
    if (roleCd === null) return;
    try {
      await save.mutateAsync({ roleCd, permCodes: codes });
    } catch {
      return; // the failure was alerted by the client library
    }
    notifySuccess('권한이 저장되었습니다. 해당 역할의 사용자에게 다음 요청부터 적용됩니다.');
  };

  return (
    <div className="authrole-page">
      <Typography.Title level={4}>역할별 권한 관리</Typography.Title>
      <div className="list-toolbar">
        <Form layout="inline">
          <Form.Item label="역할" htmlFor="authrole-role">
            <CodeSelect
              id="authrole-role"
              cdKey="ROLE_CD"
              placeholder="역할 선택"
              style={{ width: 220 }}
              value={roleParam ?? undefined}
              onChange={(code) => setSearchParams(code ? { roleCd: code } : {})}
            />
          </Form.Item>
        </Form>
        {can.update && roleCd !== null && (
          <Space>
            <Button disabled={!changed} onClick={() => setCodes(data?.permCodes ?? [])}>
              되돌리기
            </Button>
            <Button type="primary" disabled={!changed} loading={save.isPending} onClick={store}>
              저장
            </Button>
          </Space>
        )}
      </div>
      {roleCd === null ? (
        <Typography.Paragraph type="secondary">권한을 볼 역할을 선택하세요.</Typography.Paragraph>
      ) : (
        <PermissionMatrix
          programs={data?.programs ?? []}
          value={codes}
          onChange={setCodes}
          disabled={!can.update}
          loading={isFetching}
        />
      )}
    </div>
  );
}
