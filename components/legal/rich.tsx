// A legal message with elements inside: {name} placeholders and <tag>…</tag> spans of a message
// become the elements the page passes for them (a mailbox link, <strong>, the policy's link), so
// a translation can move them where its grammar wants them. Adjacent text renders as one.
import type { ComponentChild } from "preact";

export type RichPart = ComponentChild | ((text: string) => ComponentChild);

/** `message`'s text with its {placeholders} and <tag>…</tag> spans rendered by `parts`. */
export function rich(message: string, parts: Record<string, RichPart> = {}): ComponentChild[] {
  const out: ComponentChild[] = [];
  let last = 0;
  for (const m of message.matchAll(/\{(\w+)\}|<(\w+)>(.*?)<\/\2>/gs)) {
    if (m.index > last) out.push(message.slice(last, m.index));
    const [whole, placeholder, tag, inner] = m;
    const part = parts[placeholder ?? tag];
    if (part === undefined) out.push(placeholder ? whole : inner);
    else if (typeof part === "function") out.push(part(inner ?? ""));
    else out.push(part);
    last = m.index + whole.length;
  }
  if (last < message.length) out.push(message.slice(last));
  return out;
}

/** The <strong>…</strong> part of a message. */
export const strong = (text: string) => <strong>{text}</strong>;

/** The <link>…</link> part of a message that names the Privacy Policy. */
export const privacyLink = (text: string) => <a href="/privacy-policy">{text}</a>;

/** A mailbox as a mailto: link showing its address. */
export function MailLink({ to }: { to: string }) {
  return <a href={`mailto:${to}`}>{to}</a>;
}
