import type { ComponentType } from 'react';
import type { ResourceDefinition } from '../components/resource/definition';

type Lazy = () => Promise<{ Component: ComponentType }>;

/**
 * Route loaders for screens that are nothing but a definition on the generic list or form: the
 * definition and the generic screen are fetched when the route is first visited.
 */
export function listScreen(load: () => Promise<ResourceDefinition>): Lazy {
  return async () => {
    const [definition, { ResourceList }] = await Promise.all([load(), import('../components/resource/ResourceList')]);
    return { Component: () => <ResourceList definition={definition} /> };
  };
}

export function formScreen(load: () => Promise<ResourceDefinition>, screen?: 'view' | 'write'): Lazy {
  return async () => {
    const [definition, { ResourceForm }] = await Promise.all([load(), import('../components/resource/ResourceForm')]);
    return { Component: () => <ResourceForm definition={definition} screen={screen} /> };
  };
}
