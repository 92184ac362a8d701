// Browser side of an island: hydrates every server-rendered instance with the props it was
// rendered with. Each island's bundle entry calls this once. Every page with an island also
// registers the service worker (pages without islands ship no script at all).
import { h, hydrate } from "preact";
import type { ComponentType } from "preact";
import { registerServiceWorker } from "./sw/register.ts";

export function bootIsland(name: string, component: ComponentType<Record<string, unknown>>) {
  registerServiceWorker();
  const nodes = document.querySelectorAll<HTMLElement>(`[data-island="${name}"]`);
  for (const node of nodes) {
    const props = JSON.parse(node.dataset.props ?? "{}");
    hydrate(h(component, props), node);
    node.dataset.hydrated = "true";
  }
}
