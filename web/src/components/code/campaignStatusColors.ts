import { CampaignStatus as S } from '../../lib/campaignStatus';
import type { TagColors } from '../common/listTypes';

/** Waiting is blue, live green, trouble red or orange, finished grey. */
export const CAMPAIGN_STATUS_COLORS: TagColors = {
  [S.removed]: 'default',
  [S.tempSaved]: 'default',
  [S.requested]: 'blue',
  [S.rejected]: 'red',
  [S.rerequested]: 'geekblue',
  [S.approved]: 'cyan',
  [S.cancelled]: 'volcano',
  [S.live]: 'green',
  [S.stopped]: 'orange',
  [S.ended]: 'default',
  [S.awaitingBroadcast]: 'cyan',
  [S.endingSoon]: 'gold',
  [S.cancelledByOwner]: 'magenta',
};
