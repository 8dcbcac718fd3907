import { isValidElement, type ReactNode } from 'react';

/** Every element of a server page's tree (its components are not run: the page's own work is what is tested). */
export function elements(node: ReactNode): { type: unknown; props: Record<string, unknown> }[] {
  if (Array.isArray(node)) return node.flatMap(elements);
  if (!isValidElement(node)) return [];
  const props = node.props as Record<string, unknown>;
  return [{ type: node.type, props }, ...elements(props.children as ReactNode)];
}

/** The strings of a page's tree, element children only. */
export const texts = (node: ReactNode) => elements(node).flatMap((e) => [e.props.children].flat().filter((c): c is string => typeof c === 'string'));
