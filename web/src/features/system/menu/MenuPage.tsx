import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Popconfirm, Space, Spin, Tree, Typography, type TreeDataNode } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDeleteResource } from '../../../components/resource/resourceApi';
import { ResourceForm } from '../../../components/resource/ResourceForm';
import { notifySuccess } from '../../../lib/notify';
import { usePermissions } from '../../../lib/permission';
import { USER_MENU_KEY } from '../../../lib/session/userMenu';
import { menuDefinition } from './definition';
import { parentForNewSubItem, useMenuTree, type MenuTreeItem } from './menuTree';

function toTreeNode(item: MenuTreeItem): TreeDataNode {
  return {
    key: String(item.mnId),
    title: item.useYn === 'N' ? `${item.mnName} (미사용)` : item.mnName,
    children: item.children?.map(toTreeNode),
  };
}

/** The menu screen: the stored tree on the left, the selected (or new) item's form on the right. */
export default function MenuPage() {
  const can = usePermissions(menuDefinition.program);
  const { data: tree, isPending } = useMenuTree();
  const [searchParams, setSearchParams] = useSearchParams();
  const selected = searchParams.get('mnId');
  // A new item being registered: top level (parentId null) or under a top item.
  const [creating, setCreating] = useState<{ parentId: number | null } | null>(null);
  const remove = useDeleteResource(menuDefinition);
  const queryClient = useQueryClient();

  const select = (mnId: string | null) => {
    setCreating(null);
    setSearchParams(mnId ? { mnId } : {});
  };
  const refreshUserMenu = () => queryClient.invalidateQueries({ queryKey: USER_MENU_KEY });
  const newSubParent = selected && tree ? parentForNewSubItem(tree, Number(selected)) : null;

  const deleteSelected = async () => {
    try {
      await remove.mutateAsync([Number(selected)]);
    } catch {
      return; // the failure was alerted by the client library
    }
    notifySuccess('삭제되었습니다.');
    select(null);
    await refreshUserMenu();
  };

  const form = creating ? (
    <ResourceForm
      key={`new-${creating.parentId ?? 'top'}`}
      definition={menuDefinition}
      embedded={{ id: null, newRow: { parentId: creating.parentId }, onSaved: select, onCancel: () => setCreating(null) }}
      onSaved={refreshUserMenu}
    />
  ) : selected ? (
    <ResourceForm
      key={selected}
      definition={menuDefinition}
      embedded={{ id: selected, onSaved: select, onCancel: () => select(null) }}
      onSaved={refreshUserMenu}
    />
  ) : (
    <Empty description="왼쪽에서 메뉴를 선택하거나 새 메뉴를 추가하세요." />
  );

  return (
    <div className="menu-page">
      <Typography.Title level={4}>메뉴 관리</Typography.Title>
      <div className="tree-and-form">
        <Card size="small" title="메뉴 구성" className="menu-tree-card">
          <Space size={4} wrap className="menu-tree-actions">
            {can.write && (
              <Button size="small" icon={<PlusOutlined />} onClick={() => setCreating({ parentId: null })}>
                상위 메뉴 추가
              </Button>
            )}
            {can.write && (
              <Button size="small" icon={<PlusOutlined />} disabled={newSubParent === null} onClick={() => setCreating({ parentId: newSubParent })}>
                하위 메뉴 추가
              </Button>
            )}
            {can.delete && (
              <Popconfirm
                title="선택한 메뉴를 삭제하시겠습니까?"
                okText="삭제"
                cancelText="취소"
                onConfirm={deleteSelected}
                disabled={!selected || creating !== null}
              >
                <Button size="small" danger icon={<DeleteOutlined />} disabled={!selected || creating !== null} loading={remove.isPending}>
                  삭제
                </Button>
              </Popconfirm>
            )}
          </Space>
          {isPending ? (
            <Spin />
          ) : (
            <Tree
              treeData={(tree ?? []).map(toTreeNode)}
              defaultExpandAll
              selectedKeys={selected && !creating ? [selected] : []}
              onSelect={(keys) => keys.length > 0 && select(String(keys[0]))}
            />
          )}
        </Card>
        <div className="tree-form">{form}</div>
      </div>
    </div>
  );
}
