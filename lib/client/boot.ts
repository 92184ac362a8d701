// Browser side of an island: hydrates every server-rendered instance with the props it was
// rendered with. Each island's bundle entry calls this once.
import { h, hydrate } from "preact";
import type { ComponentType } from "preact";

export function bootIsland(name: string, component: ComponentType<Record<string, unknown>>) {
  const nodes = document.querySelectorAll<HTMLElement>(`[data-island="${name}"]`);
  for (const node of nodes) {
    const props = JSON.parse(node.dataset.props ?? "{}");
    hydrate(h(component, props), node);
    node.dataset.hydrated = "true";
  }
}
