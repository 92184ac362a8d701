// A /ws refusal's message as an English socket says it: what a test expects to read.
import { RT_MESSAGE, type RtErrorCode } from "../../lib/shared/realtime/texts.ts";
import { english } from "./english.ts";

/** The English text of refusal `code`'s message (RT_MESSAGE). */
export function rtEnglish(code: RtErrorCode): string {
  const message = RT_MESSAGE[code];
  return english(message.name, message.vars);
}
