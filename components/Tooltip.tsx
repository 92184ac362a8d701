// A tooltip that opens after 700 ms on hover or keyboard focus, in CSS only.
import type { ComponentChildren } from "preact";
import { useId } from "react";

export function Tooltip(
  { text, children, id }: { text: string; children: ComponentChildren; id?: string },
) {
  const generated = useId();
  const tipId = id ?? `tip-${generated}`;
  return (
    <span class="tooltip" data-tooltip-for={tipId}>
      <span class="tooltip-trigger" tabIndex={0} aria-describedby={tipId}>{children}</span>
      <span class="tooltip-bubble" role="tooltip" id={tipId}>{text}</span>
    </span>
  );
}
