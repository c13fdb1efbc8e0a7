import { useQuery } from '@tanstack/react-query';
import { resourceKey } from '../../../components/resource/resourceApi';
import { postJson } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/envelope';
import { menuDefinition } from './definition';

export interface MenuTreeItem {
  mnId: number;
  parentId?: number | null;
  mnName: string;
  useYn: string;
  sortOrder: number;
  children?: MenuTreeItem[];
}

/** The whole stored menu (every item, used or not), under the menu resource's key so saves refresh it. */
export function useMenuTree() {
  return useQuery({
    queryKey: [...resourceKey(menuDefinition), 'tree'],
    queryFn: async () => unwrap(await postJson<MenuTreeItem[]>('/api/system/menu/jsonTree.do', {})),
  });
}

/** The top item a new sub-item goes under when this item is selected: itself, or its own parent. */
export function parentForNewSubItem(tree: MenuTreeItem[], mnId: number): number | null {
  for (const top of tree) {
    if (top.mnId === mnId) return top.mnId;
    if (top.children?.some((child) => child.mnId === mnId)) return top.mnId;
  }
  return null;
}
