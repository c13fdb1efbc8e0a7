import { materialDefinition } from '../../../components/material/materialDefinition';

// House materials fill the house-ad and content slots only.
const HOUSE_SLOT_TYPES = ['2', '3'];

/** House materials: the network's own ads and content, with no advertiser. */
export const contentMaterialDefinition = materialDefinition({
  title: '콘텐츠 소재',
  apiPath: 'content/material',
  routeBase: '/content/material',
  program: 'content.material',
  owner: {
    column: { field: 'slotType', title: '슬롯 유형', cdKey: 'SLOT_TYPE', width: 100 },
    filter: { field: 'slotType', label: '슬롯 유형', cdKey: 'SLOT_TYPE', codes: HOUSE_SLOT_TYPES },
    field: {
      field: 'slotType',
      label: '슬롯 유형',
      kind: 'code',
      cdKey: 'SLOT_TYPE',
      codes: HOUSE_SLOT_TYPES,
      valueType: 'number',
      required: true,
      defaultValue: 3,
    },
  },
});
