import type { PopupDefinition } from '../../components/popup/definition';
import { corpPopup } from '../../components/searchPopups/corpPopups';
import { SALES_ROLES } from '../../lib/roles';

/**
 * Sales corps: corps of the three sales roles, searched by name or by one of those roles (the corp
 * list filters one role at a time); stores cId.
 */
export const salesCorpPopup: PopupDefinition = {
  ...corpPopup,
  title: '영업사',
  filters: corpPopup.filters.map((filter) => (filter.field === 'roleCd' ? { ...filter, codes: SALES_ROLES.map(String) } : filter)),
};
