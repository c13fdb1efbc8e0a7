import { postDefinition } from '../post';

/** All-screen posts: image posts every screen shows during their period; managers and operators write them. */
export const allScreenBoardDefinition = postDefinition('adImage');
