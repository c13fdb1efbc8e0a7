import { materialDefinition } from '../../../components/material/materialDefinition';

/** Board image materials: the network's own still images for the boards, approved like the other materials. */
export const boardImageMaterialDefinition = materialDefinition({
  title: '게시판 이미지 소재',
  apiPath: 'board/imgMaterial',
  routeBase: '/board/imgMaterial',
  program: 'board.imgMaterial',
  kind: 'image',
});
