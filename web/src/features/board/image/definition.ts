import { postDefinition } from '../post';

/** Image posts: a title, a body and up to ten images, shown on the screens of the chosen media groups during their period. */
export const boardImageDefinition = postDefinition('image');
