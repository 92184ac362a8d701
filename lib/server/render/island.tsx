// Server side of islands: <Island> renders an island's HTML inside a marker element carrying its
// props, and records the island so the page can load its script. Rendering is synchronous, so
// one collector per render is enough.
import type { ComponentProps } from "react";
import { type IslandName, ISLANDS } from "./islands_registry.ts";

let collector: Set<IslandName> | null = null;

/** Runs render() while collecting the islands it uses. */
export function collectIslands<T>(render: () => T): { result: T; islands: IslandName[] } {
  const previous = collector;
  const used = new Set<IslandName>();
  collector = used;
  try {
    const result = render();
    return { result, islands: [...used] };
  } finally {
    collector = previous;
  }
}

type Props<N extends IslandName> = ComponentProps<(typeof ISLANDS)[N]>;

export function Island<N extends IslandName>(
  { name, props }: { name: N; props: Props<N> },
) {
  collector?.add(name);
  // deno-lint-ignore no-explicit-any
  const Component = ISLANDS[name] as any;
  return (
    <div class="island" data-island={name} data-props={JSON.stringify(props)}>
      <Component {...props} />
    </div>
  );
}
