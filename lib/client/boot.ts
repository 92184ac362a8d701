// Browser side of an island: hydrates every server-rendered instance with the props it was
// rendered with. Each island's bundle entry calls this once. Every page with an island also
// registers the service worker (pages without islands ship no script at all) and reads the
// messages the page embedded in its language.
import { h, hydrate } from "preact";
import type { ComponentType } from "preact";
import { registerServiceWorker } from "./sw/register.ts";
import { type MessageStore, MISSING_MESSAGE, setMessages } from "../shared/i18n/messages.ts";

let messagesRead = false;

/** The messages the page embedded for its islands, in its language (read once per page). */
function readMessages() {
  if (messagesRead) return;
  messagesRead = true;
  const script = document.getElementById("messages");
  if (!script?.textContent) return;
  const reported = new Set<string>();
  setMessages({
    ...JSON.parse(script.textContent) as MessageStore,
    // A key the page did not embed shows as its name: said once, where the tests listen.
    onMissing: (name) => {
      if (reported.has(name)) return;
      reported.add(name);
      console.error(`${MISSING_MESSAGE} ${name}`);
    },
  });
}

export function bootIsland(name: string, component: ComponentType<Record<string, unknown>>) {
  registerServiceWorker();
  readMessages();
  const nodes = document.querySelectorAll<HTMLElement>(`[data-island="${name}"]`);
  for (const node of nodes) {
    const props = JSON.parse(node.dataset.props ?? "{}");
    hydrate(h(component, props), node);
    node.dataset.hydrated = "true";
  }
}
