import { postDefinition } from '../post';

/** Video posts: a board video material with a title and a body, shown on the screens of the chosen media groups during their period. */
export const boardVideoDefinition = postDefinition('material');
