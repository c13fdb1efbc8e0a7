import { materialDefinition } from '../../../components/material/materialDefinition';

/** Board video materials: the network's own videos that video board posts show once approved and encoded. */
export const boardVideoMaterialDefinition = materialDefinition({
  title: '게시판 영상 소재',
  apiPath: 'board/adMaterial',
  routeBase: '/board/adMaterial',
  program: 'board.adMaterial',
  kind: 'video',
});
