import { materialDefinition } from '../../../components/material/materialDefinition';
import { advertiserPopup } from '../../../components/searchPopups/advertiserPopup';
import { MANAGING_ROLES, SALES_ROLES } from '../../../lib/roles';

// An advertiser's own materials are its corp's: the server sets it.
const ADVERTISER_CHOOSERS = [...MANAGING_ROLES, ...SALES_ROLES];

/** Ad materials of advertisers: what campaigns play once approved and encoded. */
export const campaignMaterialDefinition = materialDefinition({
  title: '캠페인 소재',
  apiPath: 'campaign/material',
  routeBase: '/campaign/material',
  program: 'campaign.material',
  owner: {
    column: { field: 'cName', title: '광고주', ellipsis: true },
    filter: { field: 'advertiserCId', label: '광고주', popup: advertiserPopup },
    field: {
      field: 'advertiserCId',
      label: '광고주',
      kind: 'popup',
      popup: advertiserPopup,
      labelField: 'cName',
      required: true,
      chosenByRoles: ADVERTISER_CHOOSERS,
    },
  },
});
